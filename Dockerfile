# syntax=docker/dockerfile:1
# Production image: the web app is built in a throw-away stage; the runtime stage installs
# production dependencies only and runs as the unprivileged `node` user.
# Node 22 LTS; the dependency tree also runs on Node >= 20.19 (docs/deploy.md).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/actus/package.json packages/actus/
COPY packages/matching/package.json packages/matching/
COPY packages/risk/package.json packages/risk/
COPY packages/schemas/package.json packages/schemas/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/actus/package.json packages/actus/
COPY packages/matching/package.json packages/matching/
COPY packages/risk/package.json packages/risk/
COPY packages/schemas/package.json packages/schemas/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages packages
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tsx is a runtime dependency of the server (workspaces export TypeScript source: decision 0001).
CMD ["node_modules/.bin/tsx", "apps/server/src/main.ts"]
