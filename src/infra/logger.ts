import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Path segments that are secrets: the one-time tokens of e-mailed links (password reset, e-mail verification,
 * account deletion, invitations, e-mail change) travel in the URL, both in the API's paths (`/api/v2/passwordReset/<token>`)
 * and in the web pages the mails open (`/auth/password-reset/<token>`). Whoever reads a log must not be able to
 * take over an account with what it shows (nor unsubscribe someone: `/subscription/<token>` of campaign mails).
 * `verify/resend` names an action, not a token.
 */
const TOKEN_IN_PATH =
  /(\/(?:passwordReset|password-reset|verify|confirm\/account|confirm\/invitation|confirm\/mail|confirm|deleteAccount|subscription)\/)(?!resend(?=[/?#"'\s\\]|$))[^/?#"'\s\\<>]+/gi;

/** The text with every token of a link path replaced by `[redacted]` (URLs, log lines, anything). */
export function redactTokenPaths(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1[redacted]');
}

export type LogFormat = 'json' | 'pretty';

/**
 * Lines for a person on a terminal (`npm start` in a shell), JSON for everything else: a pipe, a file, a log
 * collector, and always in production.
 */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): LogFormat {
  return stream.isTTY && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/**
 * The process logger. Request logs carry no headers (src/http/app.ts), and the session cookie and Authorization
 * header are censored wherever else they might be logged, so a log file never holds a usable session token. Every
 * line is also passed through redactTokenPaths as it is written, whatever field carries the URL (request logs, a
 * mail's link, an error message quoting a path), before it is formatted.
 *
 * Without a destination it writes to stdout in `defaultLogFormat()`; with one, JSON unless told otherwise.
 */
export function createLogger(level: string, destination?: DestinationStream, format: LogFormat = destination ? 'json' : defaultLogFormat()): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
    hooks: { streamWrite: redactTokenPaths },
  };
  if (format === 'pretty') {
    const out = destination ?? process.stdout;
    return pino(options, { write: (line: string) => void out.write(formatLogLine(line)) });
  }
  return destination ? pino(options, destination) : pino(options);
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'responseTime', 'reqId']);

/**
 * One pino JSON line as a line for a person: `12:04:31 GET /api/v2/event/abc 200 12 ms` for a request,
 * `12:04:31 INFO Aforo está listo en ... key=value` otherwise, an error's stack indented below it. A line that
 * is not pino's JSON is passed through.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object') return line;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const label = LEVELS[level] ?? String(entry.level);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  let text: string;
  if (req && res) {
    // A request: INFO goes without saying; a warning or error says so.
    const ms = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
    text = `${time}${level > 30 ? ` ${label}` : ''} ${req.method} ${req.url} ${res.statusCode}${ms}${err?.message ? `: ${err.message}` : ''}`;
  } else {
    const extra = Object.entries(entry)
      .filter(([k, v]) => !SHOWN_ELSEWHERE.has(k) && v !== undefined)
      .map(([k, v]) => `${k}=${typeof v === 'string' && /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v)}`);
    text = [`${time} ${label}`, typeof entry.msg === 'string' ? entry.msg : '', ...extra].filter(Boolean).join(' ');
    if (err?.message && !(typeof entry.msg === 'string' && entry.msg.includes(err.message))) text += `: ${err.message}`;
  }
  // The stack of an error, below its line (a request's error too: a 500 is worth its stack).
  if (err?.stack && level >= 50) text += `\n${err.stack.split('\n').slice(1).map((l) => `    ${l.trim()}`).join('\n')}`;
  return `${text}\n`;
}
