import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createEvent, newEventBody, organizer, settle, startEventsNode, type Client, type Node } from '../events/helpers.js';

/**
 * Requests an attacker would send (issue "Module kit", "Found when tried as an attacker would"): each used to
 * answer 500 or an English HTML page; each must be a 4xx with the catalogue body { status, message,
 * messagePublic } in Spanish.
 */

interface RawResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A request with exactly the headers and bytes given (fetch would fix Content-Encoding, framing, ...). */
function raw(
  baseUrl: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean },
): Promise<RawResult> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: opts.method ?? 'POST', path: opts.path, headers: opts.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode!, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) {
      if (!opts.chunked) req.setHeader('content-length', Buffer.byteLength(opts.body));
      req.write(opts.body);
    }
    req.end();
  });
}

const catalogue = (status: number) => expect.objectContaining({ status, message: expect.any(String), messagePublic: expect.any(String) });

describe('hostile input never answers 500', () => {
  let t: Node;
  let url: string;
  let org: Client;
  beforeAll(async () => {
    t = await startEventsNode();
    url = t.node.url;
    org = await organizer(url);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('an unknown charset is a 415 catalogue body', async () => {
    const res = await raw(url, {
      path: '/api/v2/signin',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: '{"email":"a@example.test","password":"x"}',
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual(catalogue(415));
    expect(res.json).toMatchObject({ message: 'FORMATO NO ADMITIDO', code: 'UNSUPPORTED_CHARSET' });
  });

  it('a body that claims a compression it does not have is a 400; an unknown encoding a 415', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await raw(url, {
        path: '/api/v2/signin',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"email":"a@example.test","password":"x"}',
      });
      expect(res.status, encoding).toBe(400);
      expect(res.json).toMatchObject({ status: 400, message: 'SOLICITUD NO PROCESADA', messagePublic: 'Los datos enviados están incompletos o dañados. Inténtalo de nuevo.' });
    }
    const unknown = await raw(url, {
      path: '/api/v2/signin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'klingon' },
      body: '{}',
    });
    expect(unknown.status).toBe(415);
    expect(unknown.json).toEqual(catalogue(415));
    // A body really compressed still works (the check is about lies, not about compression).
    const real = await raw(url, {
      path: '/api/v2/signin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ email: org.user!.email, password: org.user!.password })),
    });
    expect(real.status).toBe(200);
  });

  it('deep nesting is a 400, with or without an Idempotency-Key, and a key still replays normal bodies', async () => {
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const deepArray = '['.repeat(200_000) + ']'.repeat(200_000);
    for (const body of [deep, deepArray]) {
      for (const headers of [{}, { 'idempotency-key': `deep-${Math.random()}` }] as Record<string, string>[]) {
        const res = await raw(url, {
          path: '/api/v2/event',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${org.user!.token}`, ...headers },
          body,
        });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ status: 400, code: 'TOO_DEEP', messagePublic: 'Los datos enviados tienen demasiados niveles de anidamiento.' });
      }
    }
    // Nesting inside a string is text, not depth.
    const inString = await org.post('/event', newEventBody({ description: '['.repeat(5000) }));
    expect(inString.status).toBe(201);

    // The key's digest is of the bytes received: the same request replays, another body is refused.
    const key = `idem-${Math.random()}`;
    const body = newEventBody();
    const first = await org.post('/event', body, { 'Idempotency-Key': key });
    const again = await org.post('/event', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(first.body.data._id);
    const other = await org.post('/event', newEventBody(), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a multipart upload without a boundary, or cut short, is a 400', async () => {
    const created = await createEvent(org);
    await settle(t, created.position);
    const path = `/api/v2/event/${created.data._id}/cover`;
    const auth = { authorization: `Bearer ${org.user!.token}` };

    const noBoundary = await raw(url, { path, headers: { ...auth, 'content-type': 'multipart/form-data' }, body: 'hola' });
    expect(noBoundary.status, noBoundary.text).toBe(400);
    expect(noBoundary.json).toEqual(catalogue(400));
    expect(noBoundary.json.code).toBe('MALFORMED_MULTIPART');

    const cut = await raw(url, {
      path,
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XyZ' },
      body: '--XyZ\r\nContent-Disposition: form-data; name="cover"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000',
      chunked: true,
    });
    expect(cut.status).toBe(400);
    expect(cut.json).toEqual(catalogue(400));
    expect(cut.json.messagePublic).toBe('Los datos enviados están incompletos o dañados. Inténtalo de nuevo.');
  });

  it('paths outside /api/v2 and non-GET requests outside /api are a JSON 404, GETs of pages are not', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/x'],
      ['GET', '/api/foo'],
      ['POST', '/api/v1/signin'],
      ['POST', '/anything'],
      ['DELETE', '/auth/sign-in'],
      ['PUT', '/'],
    ]) {
      const res = await raw(url, { method, path, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json).toMatchObject({ status: 404, message: 'ERROR 404 - PÁGINA NO ENCONTRADA', messagePublic: 'La página o el recurso solicitado no existe.' });
      expect(res.text).not.toMatch(/Cannot/);
    }
    // A page of the web app is still the web app (or, with no web build, a JSON 404; never express's HTML).
    const page = await raw(url, { method: 'GET', path: '/auth/sign-in' });
    if (page.status === 200) expect(page.headers['content-type']).toMatch(/text\/html/);
    else expect(page.json).toEqual(catalogue(404));
  });

  it('a path that is not valid percent-encoding is a 400 or a 404, never a 500', async () => {
    const api = await raw(url, { method: 'GET', path: '/api/v2/event/%E0%A4%A' });
    expect(api.status).toBe(400);
    expect(api.json).toEqual(catalogue(400));
    const api2 = await raw(url, { method: 'POST', path: '/api/v2/passwordReset/%E0%A4%A', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(api2.status).toBe(400);
    const outside = await raw(url, { method: 'POST', path: '/x/%E0%A4%A' });
    expect(outside.status).toBe(404);
    expect(outside.json).toEqual(catalogue(404));
  });

  it('anonymous clients get the same answers', async () => {
    const anon = client(url);
    const res = await anon.post('/signin', JSON.parse('{"email":' + '['.repeat(40) + ']'.repeat(40) + '}'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOO_DEEP');
  });
});
