"""Page helpers for the table view's and the fork page's browser tests (Selenium)."""

from __future__ import annotations

from typing import Any

from tests.e2e.audit_browser import ARTIFACTS, wait_for

DESKTOP = (1400, 1000)
PHONE = (390, 844)

# Every visible control of the page's content: inside the viewport's width, and the element
# a tap at its centre reaches (nothing covers it), after scrolling it into view.
UNREACHABLE = """
const found = [];
let count = 0;
for (const e of document.querySelectorAll(arguments[0])) {
  if (!e.checkVisibility()) continue;
  count += 1;
  e.scrollIntoView({block: "center", inline: "nearest"});
  const r = e.getBoundingClientRect();
  const name = `${e.tagName.toLowerCase()}#${e.id}[${(e.textContent || e.value || "").trim().slice(0, 30)}]`;
  if (r.width < 1 || r.height < 1 || r.left < 0 || r.right > window.innerWidth + 0.5) {
    found.push(`${name} outside the viewport (${Math.round(r.left)}..${Math.round(r.right)})`);
    continue;
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const labels = e.labels ? Array.from(e.labels) : [];
  if (!(hit === e || e.contains(hit) || labels.some((l) => l.contains(hit)))) found.push(`${name} covered`);
}
window.scrollTo(0, 0);
const root = document.documentElement;
return {count, found, overflow: root.scrollWidth - root.clientWidth};
"""


def viewport(browser: Any, size: tuple[int, int]) -> None:
    """The exact CSS viewport (a phone's is `mobile`), whatever the window's chrome takes."""
    width, height = size
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    wait_for(browser, lambda b: b.execute_script("return window.innerWidth") == width)


def reachability(browser: Any, css: str = "#content button, #content input, #content select, "
                 "#content a") -> dict[str, Any]:
    return dict(browser.execute_script(UNREACHABLE, css))


def click(browser: Any, css: str) -> None:
    """Click the first visible, enabled match, finding it afresh until the click lands."""
    def clicked(b: Any) -> bool:
        for element in b.find_elements("css selector", css):
            if element.is_displayed() and element.is_enabled():
                b.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                element.click()
                return True
        return False

    wait_for(browser, clicked)


def screenshot(browser: Any, name: str, top: str | None = None) -> None:
    """A PNG in test-artifacts/, and a small JPEG beside it for the documentation; `top`
    scrolls that element to the top of the viewport first."""
    import base64

    ARTIFACTS.mkdir(exist_ok=True)
    browser.execute_script("const e = arguments[0] && document.querySelector(arguments[0]);"
                           " if (e) e.scrollIntoView(); else window.scrollTo(0, 0);", top)
    browser.save_screenshot(str(ARTIFACTS / f"{name}.png"))
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "jpeg", "quality": 55})
    (ARTIFACTS / f"{name}.jpg").write_bytes(base64.b64decode(shot["data"]))
