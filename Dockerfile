# Tablero: the Discord bot on SQLite. Build: docker build -t tablero .
# Run:   docker run -d --name tablero -e DISCORD_TOKEN=... -v tablero-data:/data tablero
# No secret is baked in: the token comes from the environment (or an --env-file) at run time.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY renderers ./renderers
COPY bot ./bot
COPY cogs ./cogs
COPY playground ./playground
COPY launcher ./launcher
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    TABLERO_DB=/data/tablero.db
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin tablero \
    && mkdir -p /data \
    && chown tablero:tablero /data
USER tablero
WORKDIR /data
VOLUME ["/data"]
# SIGTERM (docker stop) closes the gateway and the database cleanly; a hard kill loses no move either.
STOPSIGNAL SIGTERM
ENTRYPOINT ["tablero"]
