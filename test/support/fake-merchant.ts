/**
 * A local Niubiz-like "merchant and mode" provider on 127.0.0.1 speaking the shapes of src/payments/merchant.ts
 * (providers.md marks Niubiz's shapes unverified): the security token from Basic credentials, the session token,
 * the authorization, transaction reads, refunds, and HMAC-signed webhooks. Transaction tokens decide the outcome:
 *   `ntk_ok_*`                     authorized (ACTION_CODE 000),
 *   `ntk_decline_<decline_code>_*` not authorized with that decline's ACTION_CODE,
 *   `ntk_fail_*`                   a 500 (the provider down).
 * Every request is recorded for tests to assert what reached the provider.
 *
 * The browser's side, `GET /v2/js/checkout.js` (any origin, as Niubiz's static host): a small stand-in for Niubiz's
 * checkout script. It defines `window.VisanetCheckout` with `configure` and `open`; `open` shows the provider's own
 * card form over the page and, on "Pagar", hands `complete({ transactionToken, channel: 'web', customerEmail })` a
 * token made from the card the way fake-culqi.ts maps Culqi's test cards: 4111 1111 1111 1111 (and any other valid
 * number) `ntk_ok_<hex>`, the cards of TEST_CARD_DECLINES `ntk_decline_<code>_<hex>` (4000 0300 0000 0009: no
 * funds), TEST_CARD_FAIL `ntk_fail_<hex>`. "Cancelar" calls `cancel()`; past `expirationminutes` it goes to
 * `timeouturl`. Card numbers stay in the page: nothing is sent anywhere.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NIUBIZ } from '../../src/payments/merchant.js';
import { TEST_CARD_DECLINES, TEST_CARD_FAIL, type RecordedRequest } from './fake-culqi.js';

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
  /** The checkout script the browser loads (MERCHANT_CHECKOUT_URL). */
  checkoutUrl: string;
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

/** Where the fake serves its stand-in for Niubiz's browser checkout script. */
const CHECKOUT_PATH = '/v2/js/checkout.js';

/**
 * The stand-in for Niubiz's checkout.js (plain ES2017, no inline handlers: the page's CSP allows the script's origin
 * only). Its overlay is the provider's form, in Spanish as Niubiz's is.
 */
const checkoutScript = () => `(() => {
  const DECLINES = ${JSON.stringify(TEST_CARD_DECLINES)};
  const FAIL = ${JSON.stringify(TEST_CARD_FAIL)};
  const ID = 'visanet-checkout';
  let config = null;
  let timer = null;
  const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('');
  const luhn = (d) => d.split('').reverse().reduce((sum, ch, i) => { let x = Number(ch); if (i % 2) x = x * 2 > 9 ? x * 2 - 9 : x * 2; return sum + x; }, 0) % 10 === 0;
  const tokenFor = (number) => number === FAIL ? 'ntk_fail_' + hex(8) : DECLINES[number] ? 'ntk_decline_' + DECLINES[number] + '_' + hex(8) : 'ntk_ok_' + hex(8);
  const el = (tag, props, children) => {
    const e = Object.assign(document.createElement(tag), props || {});
    (children || []).forEach((c) => e.append(c));
    return e;
  };
  const field = (id, label, props) => {
    const input = el('input', Object.assign({ id, name: id, required: true }, props));
    input.style.cssText = 'display:block;width:100%;box-sizing:border-box;padding:8px;margin:4px 0 12px;font-size:16px;border:1px solid #767676;border-radius:4px';
    return el('label', { htmlFor: id }, [label, input]);
  };
  const close = () => {
    clearTimeout(timer);
    const o = document.getElementById(ID);
    if (o) o.remove();
  };
  window.VisanetCheckout = {
    configure(options) {
      for (const k of ['sessiontoken', 'merchantid', 'purchasenumber', 'amount']) {
        if (options == null || options[k] === undefined || options[k] === null || options[k] === '') throw new Error('VisanetCheckout: falta ' + k);
      }
      config = options;
    },
    open() {
      if (!config) throw new Error('VisanetCheckout: configure antes de open');
      if (document.getElementById(ID)) return;
      const c = config;
      const error = el('p', { id: ID + '-error', role: 'alert' });
      error.style.cssText = 'color:#b00020;min-height:1em;margin:0 0 8px';
      const pay = el('button', { type: 'submit', textContent: 'Pagar S/ ' + Number(c.amount).toFixed(2) });
      const cancel = el('button', { type: 'button', textContent: 'Cancelar' });
      for (const b of [pay, cancel]) b.style.cssText = 'padding:10px 16px;font-size:16px;border-radius:4px;border:0;cursor:pointer;margin-right:8px';
      pay.style.background = c.formbuttoncolor || '#0d47a1';
      pay.style.color = '#fff';
      const form = el('form', { noValidate: true }, [
        el('h2', { id: ID + '-title', textContent: 'Paga con tu tarjeta' }),
        el('p', { textContent: 'Comercio ' + c.merchantid + ' · compra ' + c.purchasenumber }),
        field(ID + '-card', 'Número de tarjeta', { inputMode: 'numeric', autocomplete: 'cc-number' }),
        field(ID + '-expiry', 'Vencimiento (MM/AA)', { inputMode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM/AA' }),
        field(ID + '-cvv', 'CVV', { inputMode: 'numeric', autocomplete: 'cc-csc' }),
        field(ID + '-email', 'Correo electrónico', { type: 'email', autocomplete: 'email' }),
        error,
        pay,
        cancel,
      ]);
      form.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;width:min(420px,92vw);max-height:92vh;overflow:auto;font:16px sans-serif';
      const overlay = el('div', { id: ID, role: 'dialog' }, [form]);
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-labelledby', ID + '-title');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center';
      const value = (s) => document.getElementById(ID + '-' + s).value.trim();
      cancel.addEventListener('click', () => {
        close();
        if (typeof c.cancel === 'function') c.cancel();
      });
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const number = value('card').replace(/\\D+/g, '');
        const expiry = /^(\\d{2})\\/?(\\d{2})$/.exec(value('expiry'));
        const email = value('email');
        const problem =
          !/^\\d{13,19}$/.test(number) || !luhn(number) ? 'El número de tarjeta no es válido.'
          : !expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12 ? 'La fecha de vencimiento no es válida.'
          : !/^\\d{3,4}$/.test(value('cvv')) ? 'El CVV no es válido.'
          : !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email) ? 'El correo electrónico no es válido.'
          : '';
        error.textContent = problem;
        if (problem) return;
        // The form is gone with the first "Pagar": a double click hands back one token.
        close();
        if (typeof c.complete === 'function') c.complete({ transactionToken: tokenFor(number), channel: 'web', customerEmail: email });
      });
      document.body.append(overlay);
      document.getElementById(ID + '-card').focus();
      const minutes = Number(c.expirationminutes || 20);
      timer = setTimeout(() => {
        close();
        if (c.timeouturl) window.location.href = c.timeouturl;
      }, minutes * 60000);
    },
  };
})();
`;
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
  const script = checkoutScript();

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

      if (req.method === 'GET' && path === CHECKOUT_PATH) {
        return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*', 'cache-control': 'no-store' }).end(script);
      }

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
    checkoutUrl: url + CHECKOUT_PATH,
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
