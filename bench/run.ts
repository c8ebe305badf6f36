// `npm run bench -- NAME`: runs bench/NAME.ts. Each bench prints its figures beside a baseline measured in the
// same run and ends with one JSON line.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <${available.join('|')}>`);
  process.exit(2);
}
await import(pathToFileURL(path.join(dir, `${name}.ts`)).href);
