/**
 * A local Culqi API v2 (../shared/design/providers.md) on 127.0.0.1, for the tests and `npm start` development:
 * it checks the Bearer secret key, answers charges, refunds and charge reads in Culqi's shapes, and sends
 * webhooks. Card tokens decide the outcome:
 *   `tkn_test_ok_*`                  a paid charge,
 *   `tkn_test_decline_<decline_code>_*` a card_error (HTTP 402) with that decline_code and Culqi's user_message,
 *   `tkn_test_fail_*`                a 500 without an error object (Culqi down behind its proxy).
 * Every request is recorded (method, path, headers, parsed body) for tests to assert what reached "Culqi".
 *
 * The browser's side, `POST /v2/tokens` with the PUBLIC key (CORS open, as Culqi's secure host), makes those tokens
 * from Culqi's documented test cards: 4111 1111 1111 1111 (and any other valid card number) pays; the cards of
 * TEST_CARD_DECLINES are declined at the charge with their decline code; 4000 0000 0000 0002 fails (500).
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

/** Test cards whose token is declined at the charge, with Culqi's decline code. */
export const TEST_CARD_DECLINES: Record<string, string> = {
  '4000020000000000': 'stolen_card',
  '4000030000000009': 'insufficient_funds',
  '4000040000000008': 'lost_card',
  '4000050000000007': 'expired_card',
  '4000060000000005': 'invalid_cvv',
  '4000070000000003': 'fraudulent',
};
/** A test card whose charge fails without an answer Culqi would give (a 500). */
export const TEST_CARD_FAIL = '4000000000000002';

const luhn = (digits: string) =>
  digits
    .split('')
    .reverse()
    .reduce((sum, ch, i) => {
      let d = Number(ch);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      return sum + d;
    }, 0) %
    10 ===
  0;

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

/** Culqi's secure host answers the browser from any origin. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-max-age': '600',
};

export async function startFakeCulqi({
  secretKey = `sk_test_${rand(8)}`,
  publicKey,
  port = 0,
}: {
  secretKey?: string;
  /** The public key tokens need; by default any `pk_...` key. */
  publicKey?: string;
  port?: number;
} = {}): Promise<FakeCulqi> {
  const requests: RecordedRequest[] = [];
  const charges = new Map<string, Charge>();
  const eventIds = new Map<string, string>();

  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
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
      if (req.method === 'POST' && path === '/v2/tokens') return createToken(req, body ?? {}, res);
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

  /** The browser's call: the card in, a single-use token out (shaped as Culqi's token object). */
  function createToken(req: http.IncomingMessage, b: Record<string, unknown>, res: http.ServerResponse) {
    const fail = (status: number, error: Record<string, unknown>) =>
      res.writeHead(status, { 'content-type': 'application/json', ...CORS }).end(JSON.stringify({ object: 'error', ...error }));
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (publicKey ? key !== publicKey : !key.startsWith('pk_')) {
      return fail(401, { type: 'authentication_error', merchant_message: 'La llave pública es inválida.', user_message: 'Error de autenticación.' });
    }
    const number = String(b.card_number ?? '').replace(/\s+/g, '');
    const month = Number(b.expiration_month);
    const year = Number(b.expiration_year);
    if (!/^\d{13,19}$/.test(number) || !luhn(number)) {
      return fail(400, { type: 'parameter_error', param: 'card_number', merchant_message: 'card_number inválido.', user_message: 'El número de tarjeta no es válido.' });
    }
    if (!/^\d{3,4}$/.test(String(b.cvv ?? ''))) {
      return fail(400, { type: 'parameter_error', param: 'cvv', merchant_message: 'cvv inválido.', user_message: 'El código de seguridad (CVV) no es válido.' });
    }
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000) {
      return fail(400, { type: 'parameter_error', param: 'expiration_month', merchant_message: 'Fecha de vencimiento inválida.', user_message: 'La fecha de vencimiento no es válida.' });
    }
    if (typeof b.email !== 'string' || !b.email.includes('@')) {
      return fail(400, { type: 'parameter_error', param: 'email', merchant_message: 'email inválido.', user_message: 'El correo electrónico no es válido.' });
    }
    const decline = TEST_CARD_DECLINES[number];
    const id = number === TEST_CARD_FAIL ? fake.token('fail') : decline ? fake.declineToken(decline) : fake.token('ok');
    const brand = number.startsWith('4') ? 'Visa' : number.startsWith('5') ? 'MasterCard' : number.startsWith('3') ? 'Amex' : 'Otra';
    res.writeHead(201, { 'content-type': 'application/json', ...CORS }).end(
      JSON.stringify({
        object: 'token',
        id,
        type: 'card',
        email: b.email,
        creation_date: Date.now(),
        card_number: `${number.slice(0, 6)}******${number.slice(-4)}`,
        last_four: number.slice(-4),
        active: true,
        iin: { object: 'iin', bin: number.slice(0, 6), card_brand: brand, card_type: 'crédito', card_category: 'Clásica', issuer: { name: 'Banco de prueba', country: 'PERU', country_code: 'PE' }, installments_allowed: [] },
        client: { ip: req.socket.remoteAddress ?? '', ip_country: 'Peru', ip_country_code: 'PE', browser: String(req.headers['user-agent'] ?? ''), device_fingerprint: null, device_type: 'Escritorio' },
        metadata: {},
      }),
    );
  }

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
