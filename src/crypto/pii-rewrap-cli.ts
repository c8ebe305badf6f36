// `npm run pii:rewrap`: after a master-key rotation, re-wraps every stored PII key under PII_MASTER_KEY (see
// rewrapAll). Exit code 1 while some key opens with neither master key: keep PII_MASTER_KEY_PREVIOUS until then.
import { createLogger } from '../infra/logger.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { runCli } from '../infra/cli.js';
import { ensureInfrastructure } from '../infra/embedded.js';
import { rewrapAll } from './pii-vault.js';

runCli('npm run pii:rewrap', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const infra = await ensureInfrastructure(config, logger);
  let failed = false;
  const ctx = await createContext({ ...config, ...infra }, { logger }).catch(async (err) => {
    await infra.stop();
    throw err;
  });
  try {
    const r = await rewrapAll(ctx.db);
    console.log(`PII keys: ${r.checked} checked, ${r.rewrapped} re-wrapped under PII_MASTER_KEY, ${r.unreadable.length} unreadable.`);
    if (r.unreadable.length) {
      failed = true;
      console.error(`Neither master key opens the keys of: ${r.unreadable.slice(0, 20).join(', ')}${r.unreadable.length > 20 ? ', ...' : ''}`);
    } else if (config.piiMasterKeyPrevious) {
      console.log('Every key is now under PII_MASTER_KEY: PII_MASTER_KEY_PREVIOUS can be removed.');
    }
  } finally {
    await ctx.close();
    await infra.stop();
  }
  return failed ? 1 : 0;
});
