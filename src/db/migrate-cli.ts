import { createLogger } from '../infra/logger.js';
import { loadConfig } from '../config.js';
import { ensureInfrastructure } from '../infra/embedded.js';
import { createPool } from './database.js';
import { migrate } from './migrate.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const infra = await ensureInfrastructure(config, logger);
const pool = createPool(infra.databaseUrl);
const applied = await migrate(pool);
logger.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
await pool.end();
await infra.stop();
