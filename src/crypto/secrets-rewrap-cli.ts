// `npm run secrets:rewrap`: after a SECRETS_MASTER_KEY rotation, re-wraps the data key of every stored secret under
// the current key (see rewrapAllSecrets), and moves into the vault the payment secrets that older events still hold
// encrypted with the JWT_SECRET-derived key. Safe while the app runs. Exit code 1 while some secret is unreadable.
import { moveLegacyPaymentSecrets } from '../commands/events/secrets.js';
import { loadConfig } from '../config.js';
import { firstOf, runCli, withCliContext } from '../infra/cli.js';
import { createLogger } from '../infra/logger.js';
import { rewrapAllSecrets } from './secrets-vault.js';

runCli('npm run secrets:rewrap', async () => {
  const config = loadConfig();
  return withCliContext(config, createLogger(config.logLevel), async (ctx) => {
    let failed = false;
    // Legacy values first: the rows they add are written under the current key, and counted by the re-wrap.
    const legacy = await moveLegacyPaymentSecrets(ctx);
    console.log(
      `Legacy payment secrets (JWT_SECRET-derived key) in the log: ${legacy.found} found, ${legacy.moved} moved into the vault, ` +
        `${legacy.alreadyMoved} already there, ${legacy.unreadable.length} unreadable.`,
    );
    if (legacy.unreadable.length) {
      failed = true;
      console.error(
        `JWT_SECRET does not open the legacy secret of (event/payment method): ${firstOf(legacy.unreadable)}. ` +
          'Run again with the JWT_SECRET they were written under, or enter those keys again.',
      );
    } else if (legacy.found) {
      console.log('Every legacy payment secret is in the vault: reading them no longer depends on JWT_SECRET.');
    }

    const r = await rewrapAllSecrets(ctx.db);
    console.log(`Secrets: ${r.checked} checked, ${r.rewrapped} re-wrapped under SECRETS_MASTER_KEY, ${r.unreadable.length} unreadable.`);
    if (r.unreadable.length) {
      failed = true;
      console.error(`Neither master key opens the secrets: ${firstOf(r.unreadable)}`);
    } else if (config.secretsMasterKeyPrevious) {
      console.log('Every secret is now under SECRETS_MASTER_KEY: SECRETS_MASTER_KEY_PREVIOUS can be removed.');
    }
    return failed ? 1 : 0;
  });
});
