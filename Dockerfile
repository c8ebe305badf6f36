# Aforo app image (API + web, or worker with `npm run worker`).
FROM node:20-bookworm-slim
WORKDIR /app
# DejaVu Sans for the tickets' PDF (names in any Latin, Greek or Cyrillic script; src/sales-documents/pdf.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config web/vite.config.ts
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
# Node itself (not npx) is PID 1, so `docker stop`'s SIGTERM reaches the graceful shutdown.
# 64 MB young generation: shorter GC pauses under load (scripts/start.mjs, docs/benchmarks.md).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "src/main.ts"]
