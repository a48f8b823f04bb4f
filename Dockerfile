# Clientflow: multi-stage build of the same app `npm run setup && npm start` runs.
# The container applies migrations at start and keeps its database and uploads in the /data volume.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# No compilers: better-sqlite3 13 ships prebuilt Node-API binaries (package.json's allowScripts skips its node-gyp
# step, which needs Python). Should a native module ever need node-gyp, it builds against the headers this image
# already ships instead of downloading them.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY server/config ./server/config
# postinstall generates both Prisma clients (needs prisma/, scripts/ and the DATABASE_URL reader in server/config/).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts \
 # What the runtime never loads: TypeScript (an optional peer of a dependency), type declarations, source maps,
 # better-sqlite3's sources and its binaries for other platforms, Prisma Studio's web UI and the packages only it uses
 # (the CLI loads Studio's data layer at start, so that stays; the container only runs `migrate deploy`), and Prisma's
 # query compilers for other databases and for edge runtimes.
 && rm -rf node_modules/typescript node_modules/@typescript node_modules/@types \
    node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/prebuilds/darwin-* \
    node_modules/better-sqlite3/prebuilds/win32-* node_modules/better-sqlite3/prebuilds/linuxmusl-* \
    node_modules/@prisma/studio-core/dist/ui node_modules/@prisma/studio-core/dist/metafile-*.json \
    node_modules/elkjs node_modules/@visx node_modules/react-dom \
 && find node_modules -name '*.map' -type f -delete \
 && find node_modules/@prisma/client/runtime \( -name '*mysql*' -o -name '*sqlserver*' -o -name '*cockroachdb*' -o -name '*_small_bg*' \) -delete

FROM node:24-bookworm-slim
WORKDIR /app
# OpenSSL: Prisma detects the platform by it at start-up.
RUN apt-get update && apt-get install -y --no-install-recommends openssl && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*
# TRUST_PROXY is left at the server's default, loopback: X-Forwarded-For is believed only from the container itself.
# A reverse proxy in front of it (nginx, Traefik, Caddy…) reaches it from another address: name that address or its
# network (-e TRUST_PROXY=172.18.0.2, or the subnet of a network only the proxy shares with the app, e.g.
# 172.18.0.0/16; README, Docker), so that sign-in and sign-up throttling count per client, not all as the proxy.
# Trusting every private address instead (uniquelocal) would let any client on those networks claim any address
# and reset its throttle budgets.
# METRICS_HOST: a metrics listener (only when -e METRICS_PORT=9464 is given) must be reachable from outside the
# container's own loopback; it is still only reachable where you publish or route that port.
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/app.db \
    UPLOAD_DIR=/data/uploads \
    METRICS_HOST=0.0.0.0
COPY --from=build /app/package.json /app/prisma.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
# The seed script runs from source with tsx: `docker exec <container> npm run seed`.
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# A bind-mounted host folder must be writable by uid 1000 (chown it, or podman's :U): say so in one line.
CMD ["sh", "-c", "if [ ! -w /data ]; then echo \"/data is not writable by uid $(id -u) (node): chown -R 1000:1000 the host folder you mount there, or mount it with podman's :U option.\" >&2; exit 1; fi; node scripts/prisma.mjs migrate deploy && exec node --max-semi-space-size=16 dist/server/index.mjs"]
