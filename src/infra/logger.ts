import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Path segments that are secrets: the one-time tokens of e-mailed links (password reset, e-mail verification,
 * account deletion, invitations, e-mail change) travel in the URL, both in the API's paths (`/api/v2/passwordReset/<token>`)
 * and in the web pages the mails open (`/auth/password-reset/<token>`). Whoever reads a log must not be able to
 * take over an account with what it shows. `verify/resend` names an action, not a token.
 */
const TOKEN_IN_PATH =
  /(\/(?:passwordReset|password-reset|verify|confirm\/account|confirm\/invitation|confirm\/mail|confirm|deleteAccount)\/)(?!resend(?=[/?#"'\s\\]|$))[^/?#"'\s\\<>]+/gi;

/** The text with every token of a link path replaced by `[redacted]` (URLs, log lines, anything). */
export function redactTokenPaths(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1[redacted]');
}

/**
 * The process logger. Request logs carry the request's headers, and the session travels in the cookie or the
 * Authorization header: both are censored, so a log file never holds a usable session token. Every line is
 * also passed through redactTokenPaths as it is written, whatever field carries the URL (request logs, a
 * mail's link, an error message quoting a path).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
    hooks: { streamWrite: redactTokenPaths },
  };
  return destination ? pino(options, destination) : pino(options);
}
