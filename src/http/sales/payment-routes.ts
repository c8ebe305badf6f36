import type { Request, Response, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import { culqiPaymentRequest, merchantPaymentRequest, merchantSessionRequest, merchantSessionResponse, orderParams, orderWriteResponse } from '../../contracts/sales.js';
import { handleWebhook, merchantSession, payWithCulqi, payWithMerchant } from '../../commands/sales/card-payment.js';
import { announceDeposit, VOUCHER_MAX_BYTES } from '../../commands/sales/deposit.js';
import { loadOrder, type LiveOrder } from '../../commands/sales/pay.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { createCulqiProvider } from '../../payments/culqi.js';
import { createMerchantProvider } from '../../payments/merchant.js';
import { PaymentError } from '../../payments/port.js';
import { paymentMethodsOf } from '../../projections/events/queries.js';
import { HttpError } from '../errors.js';
import { rawJsonBody } from '../json-body.js';
import { defineRoute } from '../route.js';

const m = messages.sales;

/**
 * The order a buyer acts on: an anonymous order by whoever holds its random id (pretix's secret link), a
 * signed-in buyer's only by that buyer. Anyone else reads it as missing. From the stream, not the read model: the
 * buyer pays right after reserving.
 */
export async function buyersOrder(ctx: AppContext, orderId: string, user: AuthUser | undefined): Promise<LiveOrder> {
  const order = await loadOrder(ctx, orderId);
  if (!order || (order.buyerId !== null && order.buyerId !== user?._id)) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  return order;
}

const voucherUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: VOUCHER_MAX_BYTES, files: 1, fields: 5 } }).single('voucher');

async function readVoucher(req: Request, res: Response): Promise<Express.Multer.File> {
  await new Promise<void>((resolve, reject) =>
    voucherUpload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, m.voucherTooLarge, 'VOUCHER_TOO_LARGE'));
        return reject(new HttpError(400, m.voucherMissing, err.code));
      }
      // busboy's own complaints are a broken form: the client's fault, never a 500.
      reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
    }),
  );
  if (!req.file) throw new HttpError(400, m.voucherMissing, 'VOUCHER_MISSING');
  return req.file;
}

/** Routes of the payments of an order: card (Culqi), the merchant provider, bank deposits, providers' webhooks. */
export function registerPaymentRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/reservationCulqi/:id',
      summary: 'Paga una reserva con tarjeta (Culqi): el token hecho en el navegador con la llave pública; un doble envío cobra una vez',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      body: culqiPaymentRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      await buyersOrder(ctx, params.id, user);
      return payWithCulqi(ctx, { orderId: params.id, token: body.token, email: body.email, clientId: body.clientId, userId: user?._id ?? null });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/reservation/:id/merchant/session',
      summary: 'La llave de sesión del formulario del segundo proveedor de pago para esta reserva; con el clientId del pago, también su número de compra',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      body: merchantSessionRequest,
      response: merchantSessionResponse,
    },
    async ({ params, body, user, req }) => {
      const order = await buyersOrder(ctx, params.id, user);
      const s = await merchantSession(ctx, { orderId: params.id, clientIp: req.ip ?? '127.0.0.1', clientId: body.clientId });
      const merchant = (await paymentMethodsOf(ctx.db, order.eventId)).find((p) => p.kind === 'merchant');
      return { ...s, merchantId: merchant?.kind === 'merchant' ? merchant.merchantId : null };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/reservation/:id/merchant',
      summary: 'Paga una reserva con el segundo proveedor (merchant y modo): autoriza el token de transacción de su formulario',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      body: merchantPaymentRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      const order = await buyersOrder(ctx, params.id, user);
      const email = body.email ?? order.buyer?.email ?? user?.email;
      if (!email) throw new HttpError(400, m.buyerEmailMissing, 'BUYER_EMAIL_MISSING');
      return payWithMerchant(ctx, { orderId: params.id, token: body.transactionToken, email, clientId: body.clientId, userId: user?._id ?? null });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/reservation/:id/deposit',
      summary:
        'Sube el comprobante de un depósito bancario (multipart, campo voucher: PNG, JPG o PDF de hasta 5 MB); la reserva queda pendiente de revisión',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      response: orderWriteResponse,
      successStatus: 201,
    },
    async ({ params, user, req, res }) => {
      await buyersOrder(ctx, params.id, user);
      const file = await readVoucher(req, res);
      const clientId = z.uuid().safeParse((req.body as Record<string, unknown> | undefined)?.clientId ?? req.get('Idempotency-Key'));
      if (!clientId.success) throw new HttpError(400, m.clientIdRequired, 'CLIENT_ID_REQUIRED');
      return announceDeposit(ctx, { orderId: params.id, clientId: clientId.data, file: file.buffer, fileName: file.originalname ?? '', userId: user?._id ?? null });
    },
  );

  // Webhooks: the raw body as sent (the JSON parser keeps it), no session; only a hint, acted on after the charge is
  // read again from the provider (src/commands/sales/card-payment.ts).
  const received = z.object({ received: z.boolean(), outcome: z.string() });
  const rawOf = (req: Request) => rawJsonBody(req) ?? Buffer.from(JSON.stringify(req.body ?? null));
  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/payments/culqi/webhook',
      summary: 'Notificaciones de Culqi: se registran una vez por id de evento y se vuelve a leer el cobro antes de actuar',
      tag: 'sales',
      auth: 'none',
      response: received,
    },
    async ({ req }) => {
      // Culqi does not sign its events: the adapter only checks the shape (no key needed to parse).
      const parse = createCulqiProvider({ secretKey: 'unused' }).parseWebhook;
      const { outcome } = await handleWebhook(ctx, { provider: 'culqi', rawBody: rawOf(req), headers: req.headers, parse });
      return { received: true, outcome };
    },
  );
  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/payments/merchant/webhook/:event',
      summary: 'Notificaciones del segundo proveedor (firmadas con HMAC), por evento: su merchant id lee la transacción antes de actuar',
      tag: 'sales',
      auth: 'none',
      params: z.object({ event: z.uuid() }),
      response: received,
    },
    async ({ req, params }) => {
      const secret = ctx.config.payments.merchantWebhookSecret;
      if (!secret) throw new PaymentError('WEBHOOK_INVALID', messages.payments.webhookInvalid, 400, 'niubiz');
      const parser = createMerchantProvider({ merchantId: 'webhook', mode: 'sandbox', credentials: { user: '', password: '' }, webhookSecret: secret });
      const { outcome } = await handleWebhook(ctx, { provider: 'merchant', rawBody: rawOf(req), headers: req.headers, parse: parser.parseWebhook, eventId: params.event });
      return { received: true, outcome };
    },
  );
}
