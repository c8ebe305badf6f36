import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server as IoServer } from 'socket.io';
import { redisConnection, type AppContext } from './context.js';
import { createHttpApp } from './http/app.js';
import { modules } from './modules/index.js';
import { projections } from './projections/index.js';
import { ProjectionRunner } from './projections/runner.js';
import { createSocketServer } from './realtime/server.js';
import { jobDefinitions } from './workers/index.js';
import { startWorkers } from './workers/jobs.js';

export interface RunningNode {
  url: string;
  port: number;
  http?: HttpServer;
  io?: IoServer;
  runner?: ProjectionRunner;
  close(): Promise<void>;
}

/**
 * Starts the parts of Aforo this process runs: the API (HTTP + Socket.IO + built web app), the projection
 * runner and the BullMQ workers. `npm start` runs all three; `npm run worker` only the last two.
 */
export async function startNode(
  ctx: AppContext,
  parts: { api?: boolean; projections?: boolean; workers?: boolean; port?: number; host?: string; serveWeb?: boolean } = {},
): Promise<RunningNode> {
  const { api = true, workers = true } = parts;
  const runProjections = parts.projections ?? true;
  let runner: ProjectionRunner | undefined;
  if (runProjections) {
    runner = new ProjectionRunner(
      { db: ctx.db, pool: ctx.pool, store: ctx.store, effects: { realtime: ctx.realtime, jobs: ctx.jobs }, logger: ctx.logger },
      projections,
    );
  }
  const workerHandle = workers
    ? startWorkers(
        {
          connection: redisConnection(ctx.config.redisUrl),
          prefix: ctx.bullPrefix,
          db: ctx.db,
          config: ctx.config,
          logger: ctx.logger,
          commands: ctx,
        },
        jobDefinitions,
      )
    : undefined;

  let http: HttpServer | undefined;
  let io: IoServer | undefined;
  let port = 0;
  const services: { close(): Promise<void> }[] = [];
  if (api) {
    const app = createHttpApp(ctx, { projectionStatus: () => runner?.status() ?? [], serveWeb: parts.serveWeb });
    http = createServer(app);
    io = await createSocketServer(http, ctx, modules.flatMap((m) => (m.sockets ? [m.sockets] : [])));
    for (const mod of modules) if (mod.startApi) services.push(await mod.startApi(ctx, io));
    await new Promise<void>((resolve, reject) => {
      http!.once('error', reject);
      http!.listen(parts.port ?? ctx.config.port, parts.host ?? ctx.config.host, () => resolve());
    });
    port = (http.address() as AddressInfo).port;
  }
  // Projections start after the socket server so their pushes go through it.
  runner?.start();

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    http,
    io,
    runner,
    async close() {
      await runner?.stop();
      await workerHandle?.close();
      if (io) await new Promise<void>((r) => io!.close(() => r()));
      await Promise.all(services.map((s) => s.close()));
      if (http?.listening) await new Promise<void>((r) => http!.close(() => r()));
    },
  };
}
