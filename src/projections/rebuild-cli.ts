// `npm run projections:rebuild [name ...]`: rebuilds the named projections (all when none is named) from the
// first event. Safe while the app runs: see rebuildProjection.
import { createLogger } from '../infra/logger.js';
import { loadConfig } from '../config.js';
import { runCli, withCliContext } from '../infra/cli.js';
import { projections } from './index.js';
import { rebuildProjection } from './rebuild.js';

runCli('npm run projections:rebuild', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !projections.some((p) => p.name === n));
  if (unknown.length) {
    console.error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${projections.map((p) => p.name).join(', ') || '(none)'}`);
    return 2;
  }
  const selected = names.length ? projections.filter((p) => names.includes(p.name)) : projections;

  return withCliContext(config, logger, async (ctx) => {
    let failed = false;
    for (const projection of selected) {
      try {
        const r = await rebuildProjection(ctx, projection);
        console.log(
          `${r.name}: ${r.applied} events applied (${r.read} read) in ${r.ms} ms, checkpoint ${r.position ?? '(start)'}` +
            (r.lockTaken ? '' : ' — a live runner was following it and resumes from the new checkpoint'),
        );
      } catch (err) {
        failed = true;
        console.error(`${projection.name}: rebuild failed, nothing changed: ${(err as Error).message}`);
      }
    }
    if (selected.length === 0) console.log('No projections registered.');
    return failed ? 1 : 0;
  });
});
