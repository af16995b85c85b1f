// Starts Swagger UI on this server's OpenAPI document. A file, not an inline script,
// so the page keeps its strict Content-Security-Policy.
"use strict";
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.spec,
  domNode: root,
  // The default validator is a badge fetched from elsewhere: the page stays offline.
  validatorUrl: null,
  deepLinking: true,
});
