// `npm start` on a fresh machine: install dependencies if missing, build the web app if needed, migrate and run
// API + projections + workers + web on one port (embedded PostgreSQL/Redis defaults when no URLs are given).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Instalando dependencias (npm install)...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
if (existsSync('web/index.html')) {
  const built = existsSync('web/dist/index.html') ? statSync('web/dist/index.html').mtimeMs : 0;
  if (built < Math.max(newest('web/src'), newest('src/contracts'))) {
    console.log('Construyendo la aplicación web...');
    run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  }
}

// Node itself with tsx's loader, not `npx tsx`: npx and the tsx CLI sit between and do not pass a SIGTERM on, so a
// stopped `npm start` left the server (and its embedded PostgreSQL) running. A 64 MB young generation (V8's default
// is 16 MB): with the default, objects of in-flight requests got promoted and scavenges grew to 12-49 ms under chat
// load, the steady-state tail (docs/benchmarks.md); package.json, the Dockerfile and docker-compose use the same flag.
const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
