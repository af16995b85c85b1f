# Multi-stage: dependencies are installed before the code is copied, so code changes
# rebuild only the last layers.
FROM python:3.11-slim AS build
WORKDIR /src
RUN python -m venv /venv
ENV PATH=/venv/bin:$PATH
COPY pyproject.toml README.md ./
# Install the dependencies alone first (a stub package makes pip resolve them).
RUN mkdir -p ledger api projections && touch ledger/__init__.py api/__init__.py projections/__init__.py \
    && pip install --no-cache-dir . && pip uninstall -y campaign-ledger
COPY ledger ./ledger
COPY api ./api
COPY projections ./projections
RUN pip install --no-cache-dir --no-deps .

FROM python:3.11-slim
RUN useradd --system --home /data ledger && mkdir -p /data && chown ledger /data
COPY --from=build /venv /venv
ENV PATH=/venv/bin:$PATH \
    LEDGER_DATA_DIR=/data \
    LEDGER_HOST=0.0.0.0 \
    LEDGER_PORT=8000 \
    PYTHONUNBUFFERED=1
USER ledger
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s CMD python -c "import os,sys,urllib.request; port=os.environ.get('LEDGER_PORT','8000'); sys.exit(urllib.request.urlopen(f'http://127.0.0.1:{port}/readyz').status != 200)"
# gunicorn with access logs to stdout, plus the background runners, under one supervisor.
CMD ["campaign-ledger", "serve"]
