# syntax=docker/dockerfile:1
# Portal image: build (TypeScript + Vite), production dependencies, then a slim runtime as a non-root user.
# Run:  docker run -p 3000:3000 -e SESSION_SECRET=… -v portal-var:/app/var -v portal-uploads:/app/uploads cabinet-portal
# Several instances behind a proxy, with MariaDB, Redis and MinIO: compose.yaml (README, "Running several instances").
# What each stage copies is checked against what the build and the server read: test/foundation/dockerfile.test.ts.

# Node 24, an LTS line (maintained until April 2028); the tests also run on Node 20.19+ and 22.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- toolchain for native addons (better-sqlite3 builds from source when no prebuilt binary fits)
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# ---- build: every dependency, then the server (tsc → dist/server) and the client (vite → dist/client)
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# tsc reads tsconfig.json's include (src, views, migrations, scripts); vite reads vite.config.ts,
# scripts/vite-static-assets.ts, views/ and public/ (copied with hashed names into dist/client).
COPY tsconfig.json vite.config.ts ./
COPY src ./src
COPY views ./views
COPY migrations ./migrations
COPY scripts ./scripts
COPY public ./public
RUN npm run build

# ---- production dependencies only
FROM toolchain AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
# /static/ files (served as they are, and by the hashed names dist/client lists); the firm's content
# (content/site.json: mount your own over it, or point SITE_CONTENT elsewhere).
COPY public ./public
COPY content ./content
# `npm run migrate | admin:create | backup | restore` inside the container: with no sources here it builds nothing.
COPY scripts/ensure-build.mjs ./scripts/ensure-build.mjs
# var/ holds the embedded SQLite database, the mail spool and backups; uploads/ the clients' documents.
RUN mkdir -p /app/var /app/uploads && chown node:node /app/var /app/uploads
USER node
VOLUME ["/app/var", "/app/uploads"]
EXPOSE 3000
# The port the server listens on (PORT may be changed at run time), on the loopback.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server applies pending migrations at start (idempotent, under a lock), then serves; exec form so SIGTERM reaches node.
CMD ["node", "dist/server/src/server.js"]
