# syntax=docker/dockerfile:1
# The back-office as one image: the server bundled by apps/api/build.mjs and the web app built by Vite,
# on the API's production dependencies only (docs/operations.md, "Docker"). `docker build -t fidelite .`
ARG NODE_VERSION=24

# 1. Build: every dependency, then `npm run build` (apps/web/dist and apps/api/dist).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. What the bundle leaves external (build.mjs): the API's runtime packages, among them PGlite's WASM
#    files, the Noto fonts the PDFs embed, ExcelJS for the XLSX worker, pg and pg-boss.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund

# 3. Runtime: the artefacts, the migrations and the sync sample files the server reads, as user node.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# A container is reached through its published port, never on its own loopback: every interface. And no
# demo accounts (their password is public): an empty embedded database asks for ADMIN_EMAIL and
# ADMIN_PASSWORD, as PostgreSQL does. A demo image: -e DEMO_DATA=true -e DEMO_PUBLIC=true, knowingly.
ENV HOST=0.0.0.0 DEMO_DATA=false
# glibc hands memory freed by threads back poorly (PGlite's thread, the XLSX worker): npm start's setting.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/docs/sync-samples docs/sync-samples
# DATA_DIR holds the embedded database and local files when neither DATABASE_URL nor S3_BUCKET is set,
# and the mail outbox without SMTP_URL: a volume in any real use.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# apps/api's "start" script, run directly (no npm in between, so SIGTERM reaches the server).
CMD ["node", "--enable-source-maps", "--heap-growing-percent=50", "apps/api/dist/server.mjs"]
