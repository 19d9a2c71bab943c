# The reference image (docs/operators.md, "Container image"): built in stages, it runs as a
# non-root user with production dependencies only and checks itself on /healthz.
#   docker build -t sports-moment-ads .          (or podman / buildah bud)
#   docker run -p 3000:3000 sports-moment-ads    SQLite in /app/data; see compose.yaml for PostgreSQL
# NODE_IMAGE: any Debian-based Node.js 20.19+ image (the machine's Node is 20.20).
ARG NODE_IMAGE=node:20.20-bookworm-slim

# --- dependencies: every package, dev included (the build needs them); better-sqlite3 compiles here
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_SCHEMA_ENGINE_BINARY=/bin/false
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# npm 11: it runs only the install scripts package.json approves (allowScripts: better-sqlite3), never prisma's
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
COPY mcp/package.json mcp/
COPY scripts/prisma-generate.mjs scripts/
COPY prisma/schema.prisma prisma/
RUN npm install --no-audit --no-fund

# --- build: the Next build and the MCP package
FROM deps AS build
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf .next/cache

# --- runtime: production dependencies, the build, the sources tsx runs (server.ts, lib, scripts)
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 HOST=0.0.0.0 PORT=3000
WORKDIR /app
RUN groupadd --system --gid 10001 sma \
  && useradd --system --uid 10001 --gid sma --home-dir /app --no-create-home --shell /usr/sbin/nologin sma \
  && mkdir -p /app/data \
  && chown sma:sma /app/data
COPY --from=build --chown=root:root /app ./
RUN chown -R sma:sma /app/.next
USER sma
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself (not npm) is PID 1's child of choice: SIGTERM reaches server.ts's drain (docs/operators.md)
CMD ["node", "--import", "tsx", "server.ts"]
