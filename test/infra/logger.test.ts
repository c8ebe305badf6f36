import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../../src/http/app.js';
import { createLogger, redactTokenPaths } from '../../src/infra/logger.js';
import { mailTransport } from '../../src/workers/mail/transport.js';
import { createTestContext } from '../support/context.js';

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

describe('one-time tokens never reach the log', () => {
  const token = 'TOKENsecret_0123456789abcdefghijklmnopqrstu';

  it('redacts the token of every e-mailed link path, API and web, and leaves other paths alone', () => {
    for (const path of [
      `/api/v2/passwordReset/${token}`,
      `/api/v2/verify/${token}?x=1`,
      `/api/v2/confirm/account/${token}`,
      `/api/v2/confirm/invitation/${token}`,
      `/api/v2/deleteAccount/${token}`,
      `https://aforo.example/auth/password-reset/${token}`,
      `https://aforo.example/appControl/deleteAccount/${encodeURIComponent(token)}`,
      `https://aforo.example/auth/verify/${token}#top`,
    ]) {
      const out = redactTokenPaths(path);
      expect(out, path).not.toContain(token);
      expect(out).toContain('[redacted]');
    }
    expect(redactTokenPaths('/api/v2/verify/resend')).toBe('/api/v2/verify/resend');
    expect(redactTokenPaths('/api/v2/event/abc/tickets')).toBe('/api/v2/event/abc/tickets');
  });

  it('a real request with a token in its path and Referer: no log line holds the token', async () => {
    const ctx = await createTestContext();
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    // The app as production builds it, on a logger that writes here.
    const server = createHttpApp({ ...ctx, logger: createLogger('info', sink) }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of [`passwordReset/${token}`, `verify/${token}`, `confirm/account/${token}`, `deleteAccount/${token}`]) {
        const res = await fetch(`${base}/api/v2/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', referer: `https://aforo.example/auth/password-reset/${token}` },
          body: JSON.stringify({ password: 'una-clave-nueva-larga' }),
        });
        expect(res.status, path).toBe(400); // an unknown link
      }
      await new Promise((r) => setTimeout(r, 50));
      const out = lines.join('');
      expect(lines.length).toBeGreaterThanOrEqual(4);
      expect(out).toContain('/api/v2/passwordReset/[redacted]');
      expect(out).not.toContain(token);
    } finally {
      server.close();
      await ctx.dispose();
    }
  });

  it("pino-http's request serializer redacts the path even on a logger made elsewhere", async () => {
    const ctx = await createTestContext();
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const server = createHttpApp({ ...ctx, logger: pino({ level: 'info' }, sink) }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/verify/${token}`, { method: 'POST' });
      await new Promise((r) => setTimeout(r, 50));
      const request = lines.map((l) => JSON.parse(l)).find((l) => l.req);
      expect(request.req.url).toBe('/api/v2/verify/[redacted]');
      expect(lines.join('')).not.toContain(token);
    } finally {
      server.close();
      await ctx.dispose();
    }
  });

  it('the mail written to a file (no SMTP) is logged without its token; the file keeps the link', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aforo-mail-log-'));
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    try {
      const link = `http://localhost/auth/password-reset/${token}`;
      await mailTransport({ smtpUrl: undefined, mailFrom: 'Aforo <no-reply@aforo.local>', dataDir }, createLogger('info', sink)).send(
        { to: 'destino@example.test', subject: 'Restablece tu contraseña de Aforo', text: `Hola:\n\n${link}\n` },
        { key: 'k1', link },
      );
      const out = lines.join('');
      expect(out).toContain('/auth/password-reset/[redacted]');
      expect(out).not.toContain(token);
      const [file] = await readdir(path.join(dataDir, 'mail'));
      // Quoted-printable wraps long lines with soft breaks ("=\n").
      expect((await readFile(path.join(dataDir, 'mail', file), 'utf8')).replace(/=\r?\n/g, '')).toContain(token);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
