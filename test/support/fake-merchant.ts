/**
 * A local Niubiz-like "merchant and mode" provider on 127.0.0.1 speaking the shapes of src/payments/merchant.ts
 * (providers.md marks Niubiz's shapes unverified): the security token from Basic credentials, the session token,
 * the authorization, transaction reads, refunds, and HMAC-signed webhooks. Transaction tokens decide the outcome:
 *   `ntk_ok_*`                     authorized (ACTION_CODE 000),
 *   `ntk_decline_<decline_code>_*` not authorized with that decline's ACTION_CODE,
 *   `ntk_fail_*`                   a 500 (the provider down).
 * Every request is recorded for tests to assert what reached the provider.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NIUBIZ } from '../../src/payments/merchant.js';
import type { RecordedRequest } from './fake-culqi.js';

interface Transaction {
  transactionId: string;
  purchaseNumber: string;
  amount: number;
  refundedAmount: number;
  currency: string;
  status: 'Authorized' | 'Refunded';
  metadata: Record<string, string>;
}

export interface FakeMerchant {
  url: string;
  merchantId: string;
  credentials: { user: string; password: string };
  webhookSecret: string;
  requests: RecordedRequest[];
  transactions: Map<string, Transaction>;
  token(kind?: 'ok' | 'fail'): string;
  /** Forgets every security token handed out (they last an hour at Niubiz). */
  expireAccessTokens(): void;
  declineToken(declineCode: string): string;
  chargeEvent(transactionId: string): { body: string; headers: Record<string, string> };
  sendWebhook(url: string, transactionId: string, times?: number): Promise<number[]>;
  close(): Promise<void>;
}

const rand = (n = 8) => randomBytes(n).toString('hex');
const ACTION_BY_DECLINE = Object.fromEntries(Object.entries(NIUBIZ.declineCodes).map(([action, code]) => [code, action]));

export async function startFakeMerchant({
  merchantId = '456879852',
  port = 0,
  credentials = { user: 'integraciones@niubiz.com.pe', password: `pw_${rand()}` },
  webhookSecret = `whsec_${rand()}`,
}: { merchantId?: string; port?: number; credentials?: { user: string; password: string }; webhookSecret?: string } = {}): Promise<FakeMerchant> {
  const requests: RecordedRequest[] = [];
  const transactions = new Map<string, Transaction>();
  const accessTokens = new Set<string>();
  const eventIds = new Map<string, string>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
      } catch {
        return json(res, 400, { errorCode: 400, errorMessage: 'Bad request' });
      }
      const path = (req.url ?? '/').split('?')[0];
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

      if (path === NIUBIZ.security) {
        const expected = 'Basic ' + Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64');
        if (req.headers.authorization !== expected) return res.writeHead(401).end('Unauthorized access');
        const token = `eyJ${rand(24)}`;
        accessTokens.add(token);
        return res.writeHead(201, { 'content-type': 'text/plain' }).end(token);
      }
      if (!accessTokens.has(String(req.headers.authorization))) return json(res, 401, { errorCode: 401, errorMessage: 'Unauthorized access' });

      if (req.method === 'POST' && path === NIUBIZ.session(merchantId)) {
        return json(res, 200, { sessionKey: rand(16), expirationTime: Date.now() + 15 * 60_000 });
      }
      if (req.method === 'POST' && path === NIUBIZ.authorization(merchantId)) return authorize(body ?? {}, res);
      const retrieve = new RegExp(`^${NIUBIZ.retrieve(merchantId, '([^/]+)')}$`).exec(path);
      if (req.method === 'GET' && retrieve) {
        const t = transactions.get(decodeURIComponent(retrieve[1]));
        return t ? json(res, 200, t) : json(res, 404, { errorCode: 404, errorMessage: 'Transaction not found' });
      }
      const refund = new RegExp(`^${NIUBIZ.refund(merchantId, '([^/]+)')}$`).exec(path);
      if (req.method === 'POST' && refund) {
        const t = transactions.get(decodeURIComponent(refund[1]));
        const amount = Number((body ?? {}).amount);
        if (!t || !(amount > 0) || amount > t.amount - t.refundedAmount + 1e-9) return json(res, 400, { errorCode: 400, errorMessage: 'Invalid refund' });
        t.refundedAmount = Number((t.refundedAmount + amount).toFixed(2));
        if (t.refundedAmount >= t.amount) t.status = 'Refunded';
        return json(res, 200, { refundId: `rf_${rand()}`, transactionId: t.transactionId, amount });
      }
      json(res, 404, { errorCode: 404, errorMessage: 'Not found' });
    });
  });

  function authorize(b: Record<string, unknown>, res: http.ServerResponse) {
    const order = (b.order ?? {}) as Record<string, unknown>;
    const tokenId = String(order.tokenId ?? '');
    const amount = order.amount;
    if (typeof amount !== 'number' || !(amount > 0) || typeof order.purchaseNumber !== 'string' || !/^\d{1,12}$/.test(order.purchaseNumber)) {
      return json(res, 400, { errorCode: 400, errorMessage: 'Invalid order' });
    }
    if (tokenId.startsWith('ntk_fail')) return res.writeHead(500).end('Internal Server Error');
    const transactionId = `${Date.now()}${rand(3)}`;
    const decline = /^ntk_decline_([a-z_]+?)_[0-9a-f]+$/.exec(tokenId);
    if (decline || !tokenId.startsWith('ntk_ok')) {
      const action = (decline && ACTION_BY_DECLINE[decline[1]]) ?? '190';
      return json(res, 400, {
        errorCode: 400,
        errorMessage: 'NOT AUTHORIZED',
        data: { STATUS: 'Not Authorized', ACTION_CODE: action, ACTION_DESCRIPTION: 'Operacion Denegada.', TRANSACTION_ID: transactionId },
      });
    }
    const metadata = Object.fromEntries(Object.entries((b.dataMap ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    const t: Transaction = { transactionId, purchaseNumber: order.purchaseNumber, amount, refundedAmount: 0, currency: String(order.currency), status: 'Authorized', metadata };
    transactions.set(transactionId, t);
    json(res, 200, {
      header: { ecoreTransactionUUID: rand(16), ecoreTransactionDate: Date.now(), millis: 900 },
      order: { tokenId, purchaseNumber: t.purchaseNumber, amount, authorizedAmount: amount, currency: t.currency, authorizationCode: rand(3), actionCode: '000', traceNumber: rand(3), transactionDate: String(Date.now()), transactionId },
      dataMap: { STATUS: 'Authorized', ACTION_CODE: '000', ACTION_DESCRIPTION: 'Aprobado y completado con exito', TRANSACTION_ID: transactionId },
    });
  }

  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeMerchant = {
    url,
    merchantId,
    credentials,
    webhookSecret,
    requests,
    transactions,
    token: (kind = 'ok') => `ntk_${kind}_${rand()}`,
    expireAccessTokens: () => accessTokens.clear(),
    declineToken: (code) => `ntk_decline_${code}_${rand()}`,
    chargeEvent(transactionId) {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`no transaction ${transactionId}`);
      if (!eventIds.has(transactionId)) eventIds.set(transactionId, `nbz_evt_${rand()}`);
      const body = JSON.stringify({ eventId: eventIds.get(transactionId), eventType: 'transaction.authorized', transactionId, purchaseNumber: t.purchaseNumber, status: t.status, sentAt: Date.now() });
      return { body, headers: { 'content-type': 'application/json', [NIUBIZ.signatureHeader]: createHmac('sha256', webhookSecret).update(body).digest('hex') } };
    },
    async sendWebhook(target, transactionId, times = 1) {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        const { body, headers } = fake.chargeEvent(transactionId);
        statuses.push((await fetch(target, { method: 'POST', headers, body })).status);
      }
      return statuses;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
