import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/infra/logger.js';

describe('process logger', () => {
  it('never writes the session cookie or the Authorization header of a request log', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger('info', sink);
    // The shape pino-http logs: req and res serialised with their headers.
    logger.info(
      {
        req: { method: 'POST', url: '/api/v2/logout', headers: { cookie: 'aforo_token=eyJsecret', authorization: 'Bearer eyJsecret', 'user-agent': 'test' } },
        res: { statusCode: 200, headers: { 'set-cookie': 'aforo_token=eyJsecret; HttpOnly' } },
      },
      'request completed',
    );
    const out = lines.join('');
    expect(out).not.toContain('eyJsecret');
    const logged = JSON.parse(lines[0]);
    expect(logged.req.headers).toMatchObject({ cookie: '[redacted]', authorization: '[redacted]', 'user-agent': 'test' });
    expect(logged.res.headers['set-cookie']).toBe('[redacted]');
  });
});
