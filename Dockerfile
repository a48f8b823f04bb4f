# Clientflow: multi-stage build of the same app `npm run setup && npm start` runs.
# The container applies migrations at start and keeps its database and uploads in the /data volume.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when its prebuilt binary is unreachable.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
# postinstall generates both Prisma clients (needs prisma/ and scripts/).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
WORKDIR /app
# TRUST_PROXY: a reverse proxy in front of the container (nginx, Traefik, Caddy…) reaches it from a private address
# and tells the client's address in X-Forwarded-For; sign-in and sign-up throttling count per client address, so
# without trusting the proxy every client would share its address and one budget. Name your proxy's address
# instead when you can (-e TRUST_PROXY=172.18.0.2), and use -e TRUST_PROXY=false when clients connect directly.
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/app.db \
    UPLOAD_DIR=/data/uploads \
    TRUST_PROXY="loopback, uniquelocal"
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
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["sh", "-c", "node scripts/prisma.mjs migrate deploy && exec node dist/server/index.mjs"]
