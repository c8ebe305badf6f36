import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The process logger. Request logs carry the request's headers, and the session travels in the cookie or the
 * Authorization header: both are censored, so a log file never holds a usable session token.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
