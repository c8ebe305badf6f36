import { createLogger } from '../infra/logger.js';
import { loadConfig } from '../config.js';
import { runCli } from '../infra/cli.js';
import { ensureInfrastructure } from '../infra/embedded.js';
import { createPool } from './database.js';
import { migrate } from './migrate.js';

runCli('npm run migrate', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const infra = await ensureInfrastructure(config, logger);
  try {
    const pool = createPool(infra.databaseUrl);
    try {
      const applied = await migrate(pool);
      console.log(applied.length ? `Migrations applied: ${applied.join(', ')}.` : 'The database is up to date.');
    } finally {
      await pool.end();
    }
  } finally {
    await infra.stop();
  }
});
