// A campaign worker process (the campaign jobs only, no API, no projections), for the kill-and-restart test and
// the campaign bench: `node --import tsx bench/lib/campaign-worker.ts` with CAMPAIGN_WORKER_CONFIG (JSON: the
// parent's database, Redis prefix and keys). Prints "ready" once its workers listen.
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createContext, redisConnection } from '../../src/context.js';
import { startWorkers } from '../../src/workers/jobs.js';
import { campaignJobs, closeCampaignResources } from '../../src/workers/contacts/campaign-jobs.js';

const given = JSON.parse(process.env.CAMPAIGN_WORKER_CONFIG ?? '{}') as {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  piiMasterKey: string;
  secretsMasterKey: string;
  env: Record<string, string>;
};
const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...given.env });
const ctx = await createContext(
  {
    ...base,
    databaseUrl: given.databaseUrl,
    redisUrl: given.redisUrl,
    redisPrefix: given.redisPrefix,
    jwtSecret: given.jwtSecret,
    piiMasterKey: Buffer.from(given.piiMasterKey, 'base64'),
    secretsMasterKey: Buffer.from(given.secretsMasterKey, 'base64'),
  },
  { logger: pino({ level: 'silent' }), migrate: false },
);
const workers = startWorkers(
  { connection: redisConnection(given.redisUrl), prefix: ctx.bullPrefix, db: ctx.db, config: ctx.config, logger: ctx.logger, commands: ctx },
  campaignJobs,
);
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await workers.close();
  await closeCampaignResources();
  await ctx.close();
  process.exit(0);
});
