# One image recipe for every server app of the monorepo, chosen with ARG APP:
#
#   docker build --build-arg APP=rest-api      --target runtime       -t oms/rest-api .
#   docker build --build-arg APP=mcp-gateway   --target runtime       -t oms/mcp-gateway .
#   docker build --build-arg APP=render-worker --target render-worker -t oms/render-worker .
#
# The rest-api image also runs the one-shot migrator: `node deploy/migrate.mjs`.
# docker-compose.yml builds all of them. Stages: manifests (package.json files only, so the
# dependency layers are cached until one changes), build (all dependencies, Prisma client,
# `nx run $APP:build`), prod-deps (runtime dependencies only), runtime (the app's dist, the
# libs' dist, migrations), render-worker (runtime plus Debian's Chromium).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /out \
 && cp -r package.json package-lock.json patches /out/ \
 && find apps libs tools -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /out/ \;

FROM ${NODE_IMAGE} AS build
ARG APP
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI=true
WORKDIR /repo
COPY --from=manifests /out/ ./
# The lock file lists every platform's optional builds (rollup, msgpackr-extract): npm ci takes it as is.
RUN npm ci --no-audit --no-fund --ignore-scripts
# Install scripts are off; the one patch of a dependency (patches/, see docs/decisions.md) is applied here.
RUN npx patch-package
COPY . .
RUN node tools/scripts/prisma-generate.mjs
RUN if [ ! -f "apps/${APP:-none}/src/main.ts" ]; then \
      echo "build with --build-arg APP=<rest-api|mcp-gateway|render-worker> (got '${APP}')" >&2; exit 1; \
    fi
RUN npx nx run "$APP:build" --outputStyle=static
# What the runtime needs, in the repository's layout (node_modules/@oms/* link to ../../libs/*).
RUN mkdir -p /dist/apps/$APP \
 && cp -r apps/$APP/package.json apps/$APP/dist /dist/apps/$APP/ \
 && for lib in libs/*/; do \
      [ -f "$lib/package.json" ] || continue; \
      mkdir -p "/dist/$lib" && cp "$lib/package.json" "/dist/$lib"; \
      if [ -d "$lib/dist" ]; then cp -r "$lib/dist" "/dist/$lib"; fi; \
    done \
 && mkdir -p /dist/prisma /dist/deploy \
 && cp -r prisma/migrations /dist/prisma/ \
 && cp package.json /dist/ \
 && cp deploy/migrate.mjs /dist/deploy/

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY --from=manifests /out/ ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts
RUN npx patch-package

FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production APP=${APP} HOST=0.0.0.0
WORKDIR /app
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=build /dist/ ./
USER node
# Health: GET /readyz on $PORT (3000 rest-api, 3001 mcp-gateway, 3003 render-worker).
CMD ["/bin/sh", "-c", "exec node apps/$APP/dist/main.js"]

FROM runtime AS render-worker
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium
USER node
