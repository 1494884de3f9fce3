# The production image: `docker build -t pi-quote-engine .` (docs/deploy.md).
# Node 24 LTS or newer (package.json engines); 24.21 is the version the toolchain was checked on.
ARG NODE_VERSION=24.21

# Build stage: every dependency, the web app and the server bundle into dist/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime stage: the bundle and the production dependencies only (PGlite, argon2, the document and mail
# packages and the API docs page are loaded from node_modules at run time), no sources, no compilers.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
# The embedded database's folder, for a single instance without DATABASE_URL; owned by the unprivileged user.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# /healthz answers {"status":"ok"} once the database answers; the slim image has no curl, so Node asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/main.js"]
