// `npm run secrets:rewrap`: after a SECRETS_MASTER_KEY rotation, re-wraps the data key of every stored secret under
// the current key (see rewrapAllSecrets), and moves into the vault the payment secrets that older events still hold
// encrypted with the JWT_SECRET-derived key. Safe while the app runs. Exit code 1 while some secret is unreadable.
import { moveLegacyPaymentSecrets } from '../commands/events/secrets.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { runCli } from '../infra/cli.js';
import { ensureInfrastructure } from '../infra/embedded.js';
import { createLogger } from '../infra/logger.js';
import { rewrapAllSecrets } from './secrets-vault.js';

runCli('npm run secrets:rewrap', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const infra = await ensureInfrastructure(config, logger);
  let failed = false;
  const ctx = await createContext({ ...config, ...infra }, { logger }).catch(async (err) => {
    await infra.stop();
    throw err;
  });
  try {
    // Legacy values first: the rows they add are written under the current key, and counted by the re-wrap.
    const legacy = await moveLegacyPaymentSecrets(ctx);
    console.log(
      `Legacy payment secrets (JWT_SECRET-derived key) in the log: ${legacy.found} found, ${legacy.moved} moved into the vault, ` +
        `${legacy.alreadyMoved} already there, ${legacy.unreadable.length} unreadable.`,
    );
    if (legacy.unreadable.length) {
      failed = true;
      console.error(
        `JWT_SECRET does not open the legacy secret of (event/payment method): ${legacy.unreadable.slice(0, 20).join(', ')}` +
          `${legacy.unreadable.length > 20 ? ', ...' : ''}. Run again with the JWT_SECRET they were written under, or enter those keys again.`,
      );
    } else if (legacy.found) {
      console.log('Every legacy payment secret is in the vault: reading them no longer depends on JWT_SECRET.');
    }

    const r = await rewrapAllSecrets(ctx.db);
    console.log(`Secrets: ${r.checked} checked, ${r.rewrapped} re-wrapped under SECRETS_MASTER_KEY, ${r.unreadable.length} unreadable.`);
    if (r.unreadable.length) {
      failed = true;
      console.error(`Neither master key opens the secrets: ${r.unreadable.slice(0, 20).join(', ')}${r.unreadable.length > 20 ? ', ...' : ''}`);
    } else if (config.secretsMasterKeyPrevious) {
      console.log('Every secret is now under SECRETS_MASTER_KEY: SECRETS_MASTER_KEY_PREVIOUS can be removed.');
    }
  } finally {
    await ctx.close();
    await infra.stop();
  }
  return failed ? 1 : 0;
});
