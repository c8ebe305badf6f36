// `npm run pii:rewrap`: after a master-key rotation, re-wraps every stored PII key under PII_MASTER_KEY (see
// rewrapAll). Exit code 1 while some key opens with neither master key: keep PII_MASTER_KEY_PREVIOUS until then.
import { createLogger } from '../infra/logger.js';
import { loadConfig } from '../config.js';
import { firstOf, runCli, withCliContext } from '../infra/cli.js';
import { rewrapAll } from './pii-vault.js';

runCli('npm run pii:rewrap', async () => {
  const config = loadConfig();
  return withCliContext(config, createLogger(config.logLevel), async (ctx) => {
    const r = await rewrapAll(ctx.db);
    console.log(`PII keys: ${r.checked} checked, ${r.rewrapped} re-wrapped under PII_MASTER_KEY, ${r.unreadable.length} unreadable.`);
    if (r.unreadable.length) {
      console.error(`Neither master key opens the keys of: ${firstOf(r.unreadable)}`);
      return 1;
    }
    if (config.piiMasterKeyPrevious) console.log('Every key is now under PII_MASTER_KEY: PII_MASTER_KEY_PREVIOUS can be removed.');
    return 0;
  });
});
