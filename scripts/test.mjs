// `npm test`: builds the web app when browser tests need it, then runs every test file with vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync('node_modules/.package-lock.json')) run('npm', ['install', '--no-audit', '--no-fund']);
if (existsSync('web/index.html')) run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
