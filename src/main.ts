import { createLogger } from './infra/logger.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { ensureInfrastructure } from './infra/embedded.js';
import { startNode } from './server.js';

/** Process entry point: `tsx src/main.ts` (API + projections + workers) or `--worker` (no HTTP). */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const workerOnly = process.argv.includes('--worker');
  const infra = await ensureInfrastructure(config, logger);
  const ctx = await createContext({ ...config, ...infra }, { logger });
  const node = await startNode(ctx, { api: !workerOnly });
  if (!workerOnly) logger.info(`Aforo está listo en ${config.appUrl}`);
  else logger.info('Aforo worker running (projections and background jobs)');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await node.close();
    await ctx.close();
    await infra.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // A configuration mistake is the operator's to fix: the message says what, a stack trace would only bury it.
  if (err instanceof ConfigError) console.error(`Aforo cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
