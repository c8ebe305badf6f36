import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../../src/http/app.js';
import { createLogger, defaultLogFormat, formatLogLine, redactTokenPaths } from '../../src/infra/logger.js';
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

/** An HTTP app as production builds it, on the given logger; answers its base URL and a close function. */
async function appOn(logger: pino.Logger) {
  const ctx = await createTestContext();
  const server = createHttpApp({ ...ctx, logger }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.close();
      await ctx.dispose();
    },
  };
}

function sinkLines() {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  return { lines, sink };
}

describe('log format: lines on a terminal, JSON otherwise', () => {
  const at = new Date(2026, 10, 24, 9, 5, 7).getTime(); // local 09:05:07

  it('picks lines only for a terminal outside production', () => {
    expect(defaultLogFormat({ isTTY: true }, { NODE_ENV: 'development' })).toBe('pretty');
    expect(defaultLogFormat({ isTTY: true }, {})).toBe('pretty');
    expect(defaultLogFormat({ isTTY: true }, { NODE_ENV: 'production' })).toBe('json');
    expect(defaultLogFormat({ isTTY: false }, { NODE_ENV: 'development' })).toBe('json');
    expect(defaultLogFormat({}, {})).toBe('json');
  });

  it('formats a request as one line: time, method, path, status, milliseconds', () => {
    const request = { level: 30, time: at, pid: 1, hostname: 'h', req: { id: 'r1', method: 'GET', url: '/api/v2/event/abc' }, res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' };
    expect(formatLogLine(JSON.stringify(request))).toBe('09:05:07 GET /api/v2/event/abc 200 12 ms\n');
    const failed = { ...request, level: 50, res: { statusCode: 500 }, err: { message: 'boom', stack: 'Error: boom\n    at handler (a.ts:1:1)' }, msg: 'request errored' };
    expect(formatLogLine(JSON.stringify(failed))).toBe('09:05:07 ERROR GET /api/v2/event/abc 500 12 ms: boom\n    at handler (a.ts:1:1)\n');
  });

  it('formats other lines with their level, message and fields; passes anything else through', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'Aforo está listo en http://localhost:3000' }))).toBe(
      '09:05:07 INFO Aforo está listo en http://localhost:3000\n',
    );
    expect(formatLogLine(JSON.stringify({ level: 40, time: at, msg: 'projection failed', projection: 'events.list', attempt: 2, detail: 'a b' }))).toBe(
      '09:05:07 WARN projection failed projection=events.list attempt=2 detail="a b"\n',
    );
    expect(formatLogLine('not json\n')).toBe('not json\n');
  });

  it('a real request on a terminal logger: one line, headers nowhere, token paths redacted', async () => {
    const token = 'TOKENsecret_0123456789abcdefghijklmnopqrstu';
    const { lines, sink } = sinkLines();
    const app = await appOn(createLogger('info', sink, 'pretty'));
    try {
      expect((await fetch(`${app.base}/api/v2/validate`, { headers: { cookie: 'aforo_token=eyJsecret', 'user-agent': 'agente-de-prueba' } })).status).toBe(401);
      expect((await fetch(`${app.base}/api/v2/verify/${token}`, { method: 'POST' })).status).toBe(400);
      await new Promise((r) => setTimeout(r, 50));
      const out = lines.join('');
      expect(out).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v2\/validate 401 \d+ ms$/m);
      expect(out).toMatch(/^\d\d:\d\d:\d\d POST \/api\/v2\/verify\/\[redacted\] 400 \d+ ms$/m);
      for (const secret of [token, 'eyJsecret', 'agente-de-prueba']) expect(out).not.toContain(secret);
      expect(out).not.toContain('{');
    } finally {
      await app.close();
    }
  });

  it('JSON when not on a terminal: the same fields as before, without the headers', async () => {
    const { lines, sink } = sinkLines();
    const app = await appOn(createLogger('info', sink));
    try {
      await fetch(`${app.base}/api/v2/validate`, { headers: { cookie: 'aforo_token=eyJsecret', 'user-agent': 'agente-de-prueba', 'x-request-id': 'req-42' } });
      await new Promise((r) => setTimeout(r, 50));
      const entries = lines.map((l) => JSON.parse(l));
      const request = entries.find((e) => e.req);
      expect(request).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { id: 'req-42', method: 'GET', url: '/api/v2/validate' },
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      });
      expect(Object.keys(request.req).sort()).toEqual(['id', 'method', 'url']);
      expect(Object.keys(request.res)).toEqual(['statusCode']);
      expect(lines.join('')).not.toContain('agente-de-prueba');
    } finally {
      await app.close();
    }
  });
});
