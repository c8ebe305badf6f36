/**
 * A local Culqi API v2 (../shared/design/providers.md) on 127.0.0.1, for the tests and `npm start` development:
 * it checks the Bearer secret key, answers charges, refunds and charge reads in Culqi's shapes, and sends
 * webhooks. Card tokens decide the outcome:
 *   `tkn_test_ok_*`                  a paid charge,
 *   `tkn_test_decline_<decline_code>_*` a card_error (HTTP 402) with that decline_code and Culqi's user_message,
 *   `tkn_test_fail_*`                a 500 without an error object (Culqi down behind its proxy).
 * Every request is recorded (method, path, headers, parsed body) for tests to assert what reached "Culqi".
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** Culqi's own buyer texts for the decline codes the fake knows (others get a generic one). */
export const CULQI_USER_MESSAGES: Record<string, string> = {
  insufficient_funds:
    'Tu tarjeta no tiene fondos suficientes. Para realizar la compra, verifica tus fondos disponibles con el banco emisor o inténta nuevamente con otra tarjeta.',
  expired_card: 'Tu tarjeta está vencida. Para realizar la compra, verifica que tu tarjeta esté activa o inténtalo nuevamente con otra tarjeta.',
  stolen_card: 'Tu tarjeta fue rechazada. Contacta a tu banco emisor o intenta nuevamente con otra tarjeta.',
  invalid_cvv: 'El código de seguridad (CVV) de tu tarjeta es inválido. Verifícalo e inténtalo nuevamente.',
  fraudulent: 'Operación denegada por seguridad. Contacta a tu banco emisor o intenta nuevamente con otra tarjeta.',
};

interface Charge {
  object: 'charge';
  id: string;
  amount: number;
  current_amount: number;
  amount_refunded: number;
  currency_code: string;
  email: string;
  description: string;
  creation_date: number;
  outcome: { type: string; code: string; merchant_message: string; user_message: string };
  reference_code: string;
  authorization_code: string;
  metadata: Record<string, unknown>;
  total_fee: number;
  fraud_score: number;
}

export interface FakeCulqi {
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  charges: Map<string, Charge>;
  /** A fresh single-use token of the given kind. */
  token(kind?: 'ok' | 'fail'): string;
  declineToken(declineCode: string): string;
  /** The webhook event Culqi would send for a charge (a stable event id per charge and type: replays repeat it). */
  chargeEvent(chargeId: string, type?: string): { body: string; headers: Record<string, string> };
  /** POSTs that event to `url`, `times` times (providers retry and replay), answering the HTTP statuses. */
  sendWebhook(url: string, chargeId: string, times?: number): Promise<number[]>;
  close(): Promise<void>;
}

const rand = (n = 12) => randomBytes(n).toString('hex').slice(0, n * 2);

function culqiError(res: http.ServerResponse, status: number, error: Record<string, unknown>) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'error', ...error }));
}

export async function startFakeCulqi({ secretKey = `sk_test_${rand(8)}`, port = 0 }: { secretKey?: string; port?: number } = {}): Promise<FakeCulqi> {
  const requests: RecordedRequest[] = [];
  const charges = new Map<string, Charge>();
  const eventIds = new Map<string, string>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
      } catch {
        return culqiError(res, 400, { type: 'invalid_request_error', merchant_message: 'JSON inválido.' });
      }
      const path = (req.url ?? '/').split('?')[0];
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return culqiError(res, 401, {
          type: 'authentication_error',
          merchant_message: 'La llave secreta es inválida.',
          user_message: 'Error de autenticación.',
        });
      }
      if (req.method === 'POST' && path === '/v2/charges') return charge(body ?? {}, res);
      if (req.method === 'POST' && path === '/v2/refunds') return refund(body ?? {}, res);
      const m = /^\/v2\/charges\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const c = charges.get(decodeURIComponent(m[1]));
        if (!c) return culqiError(res, 404, { type: 'invalid_request_error', merchant_message: 'El cargo no existe.' });
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(c));
      }
      culqiError(res, 404, { type: 'invalid_request_error', merchant_message: 'Recurso no encontrado.' });
    });
  });

  function charge(b: Record<string, unknown>, res: http.ServerResponse) {
    const { amount, currency_code, email, source_id } = b;
    if (!Number.isInteger(amount) || (amount as number) < 100) {
      return culqiError(res, 400, { type: 'parameter_error', param: 'amount', merchant_message: 'El monto debe ser un entero en céntimos (mínimo 100).' });
    }
    if (currency_code !== 'PEN' && currency_code !== 'USD') {
      return culqiError(res, 400, { type: 'parameter_error', param: 'currency_code', merchant_message: 'Moneda no soportada.' });
    }
    if (typeof email !== 'string' || typeof source_id !== 'string') {
      return culqiError(res, 400, { type: 'parameter_error', param: 'source_id', merchant_message: 'Faltan source_id o email.' });
    }
    if (source_id.startsWith('tkn_test_fail')) return res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Internal error</html>');
    const decline = /^tkn_test_decline_([a-z_]+?)_[0-9a-f]+$/.exec(source_id);
    if (decline) {
      const code = decline[1];
      return culqiError(res, 402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: code,
        charge_id: `chr_test_${rand()}`,
        merchant_message: `La tarjeta fue rechazada (${code}).`,
        user_message: CULQI_USER_MESSAGES[code] ?? 'Tu tarjeta fue rechazada. Inténtalo nuevamente con otra tarjeta.',
      });
    }
    if (!source_id.startsWith('tkn_test_ok')) {
      return culqiError(res, 400, { type: 'invalid_request_error', param: 'source_id', merchant_message: 'El token no existe o ya fue usado.' });
    }
    const c: Charge = {
      object: 'charge',
      id: `chr_test_${rand()}`,
      amount: amount as number,
      current_amount: amount as number,
      amount_refunded: 0,
      currency_code,
      email,
      description: String(b.description ?? ''),
      creation_date: Date.now(),
      outcome: { type: 'venta_exitosa', code: 'AUT0000', merchant_message: 'La operación de venta ha sido autorizada exitosamente', user_message: 'Su compra ha sido exitosa.' },
      reference_code: rand(5),
      authorization_code: rand(3),
      metadata: (b.metadata as Record<string, unknown>) ?? {},
      total_fee: Math.round((amount as number) * 0.0399),
      fraud_score: 5,
    };
    charges.set(c.id, c);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(c));
  }

  function refund(b: Record<string, unknown>, res: http.ServerResponse) {
    const c = charges.get(String(b.charge_id));
    if (!c) return culqiError(res, 400, { type: 'invalid_request_error', param: 'charge_id', merchant_message: 'El cargo no existe.' });
    if (!['duplicado', 'fraudulento', 'solicitud_comprador'].includes(String(b.reason))) {
      return culqiError(res, 400, { type: 'parameter_error', param: 'reason', merchant_message: 'El motivo de la devolución no es válido.' });
    }
    const amount = b.amount;
    if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > c.current_amount) {
      return culqiError(res, 400, { type: 'parameter_error', param: 'amount', merchant_message: 'El monto a devolver no es válido.' });
    }
    c.amount_refunded += amount as number;
    c.current_amount -= amount as number;
    res
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'refund', id: `ref_test_${rand()}`, charge_id: c.id, amount, reason: b.reason, creation_date: Date.now() }));
  }

  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeCulqi = {
    url,
    secretKey,
    requests,
    charges,
    token: (kind = 'ok') => `tkn_test_${kind}_${rand(8)}`,
    declineToken: (code) => `tkn_test_decline_${code}_${rand(8)}`,
    chargeEvent(chargeId, type = 'charge.creation.succeeded') {
      const c = charges.get(chargeId);
      if (!c) throw new Error(`no charge ${chargeId}`);
      const k = `${type}/${chargeId}`;
      if (!eventIds.has(k)) eventIds.set(k, `evt_test_${rand()}`);
      const body = JSON.stringify({ object: 'event', id: eventIds.get(k), type, creation_date: Date.now(), data: JSON.stringify(c) });
      return { body, headers: { 'content-type': 'application/json' } };
    },
    async sendWebhook(target, chargeId, times = 1) {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        const { body, headers } = fake.chargeEvent(chargeId);
        statuses.push((await fetch(target, { method: 'POST', headers, body })).status);
      }
      return statuses;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
