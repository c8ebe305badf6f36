/**
 * A local fake of the WhatsApp Cloud API (/work/shared/design/providers.md): `POST /{version}/{phone-number-id}/messages`
 * with a Bearer token and `type: template` answers `{messaging_product, contacts:[{input, wa_id}], messages:[{id}]}`.
 * Throughput is a token bucket per phone number (capacity = per second, refilled continuously, default 80/s): a
 * message beyond it is answered HTTP 400 with error code 130429, as the real API does. It can post status
 * webhooks (sent, delivered, read, failed) to a URL, in any order and repeated.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWhatsAppMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  template: { name: string; language: { code: string }; components?: unknown[] };
  at: number;
}

export interface FakeWhatsApp {
  url: string;
  messages: FakeWhatsAppMessage[];
  /** Answers 130429 given (limit exceeded). */
  throttled: number;
  /** Requests refused for a wrong token. */
  unauthorized: number;
  /** The highest number of accepted messages of one number inside any sliding second. */
  maxPerSecond(phoneNumberId: string): number;
  /** Posts one webhook with these statuses to `webhookUrl`. */
  sendStatuses(webhookUrl: string, phoneNumberId: string, statuses: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipientId: string; errors?: { code: number; title: string }[] }[]): Promise<Response>;
  close(): Promise<void>;
}

/** `limits`: a number's own messages per second (default `perSecond`, 80). */
export async function startFakeWhatsApp(options: { tokens: Record<string, string>; perSecond?: number; limits?: Record<string, number> }): Promise<FakeWhatsApp> {
  const limitOf = (number: string) => options.limits?.[number] ?? options.perSecond ?? 80;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const messages: FakeWhatsAppMessage[] = [];
  let seq = 0;
  const state = { throttled: 0, unauthorized: 0 };
  const take = (number: string) => {
    const now = performance.now();
    const perSecond = limitOf(number);
    const b = buckets.get(number) ?? { tokens: perSecond, at: now };
    b.tokens = Math.min(perSecond, b.tokens + ((now - b.at) * perSecond) / 1000);
    b.at = now;
    buckets.set(number, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return send(404, { error: { code: 100, message: 'Unknown path' } });
    const phoneNumberId = match[2];
    const raw = await read(req);
    if (req.headers.authorization !== `Bearer ${options.tokens[phoneNumberId]}`) {
      state.unauthorized++;
      return send(401, { error: { code: 190, message: 'Invalid OAuth access token' } });
    }
    let body: { messaging_product?: string; to?: string; type?: string; template?: FakeWhatsAppMessage['template'] };
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { error: { code: 100, message: 'Invalid JSON' } });
    }
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.to || !body.template?.name) {
      return send(400, { error: { code: 100, message: 'Invalid parameter' } });
    }
    if (!take(phoneNumberId)) {
      state.throttled++;
      return send(400, { error: { code: 130429, message: 'Rate limit hit', type: 'OAuthException' } });
    }
    const id = `wamid.FAKE${(++seq).toString(36).padStart(8, '0')}`;
    messages.push({ id, phoneNumberId, to: body.to, template: body.template, at: performance.now() });
    send(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    messages,
    get throttled() {
      return state.throttled;
    },
    get unauthorized() {
      return state.unauthorized;
    },
    maxPerSecond(phoneNumberId) {
      const times = messages.filter((m) => m.phoneNumberId === phoneNumberId).map((m) => m.at);
      let max = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i] - times[j] >= 1000) j++;
        max = Math.max(max, i - j + 1);
      }
      return max;
    },
    sendStatuses(webhookUrl, phoneNumberId, statuses) {
      const ts = String(Math.floor(Date.now() / 1000));
      return fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: 'WABA-1',
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { phone_number_id: phoneNumberId },
                    statuses: statuses.map((s) => ({ id: s.id, status: s.status, timestamp: ts, recipient_id: s.recipientId, ...(s.errors ? { errors: s.errors } : {}) })),
                  },
                },
              ],
            },
          ],
        }),
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
