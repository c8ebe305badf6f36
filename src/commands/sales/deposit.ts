import type { AppContext } from '../../context.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId } from '../../domain/sales/order.js';
import { messages } from '../../messages/es.js';
import { storageFor } from '../../storage/local.js';
import { handleCommand } from '../handle.js';
import { loadOrder, payOrder } from './pay.js';
import { acceptsDeposits } from './providers.js';
import { orderDto, releaseSeats } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;
const m = messages.sales;

/** Vouchers: an image or a PDF, up to 5 MB. */
export const VOUCHER_MAX_BYTES = 5 * 1024 * 1024;

/** The voucher's real type from its first bytes (the declared Content-Type is not trusted). */
export function sniffVoucher(buf: Buffer): { ext: string; type: 'image/png' | 'image/jpeg' | 'application/pdf' } | null {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { ext: 'jpg', type: 'image/jpeg' };
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', type: 'image/png' };
  if (buf.length > 5 && buf.toString('latin1', 0, 5) === '%PDF-') return { ext: 'pdf', type: 'application/pdf' };
  return null;
}

/**
 * The buyer uploads a bank-deposit voucher: stored with the storage port under a private key (four segments: the
 * public files route serves three), then the order moves to awaiting_payment and its seats stay held until the
 * team reviews it. The voucher's key is made from the order and the client id, so a retried upload stores one
 * file and records one event.
 */
export async function announceDeposit(ctx: Ctx, input: { orderId: string; clientId: string; file: Buffer; fileName: string; userId: string | null }) {
  const order = await loadOrder(ctx, input.orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  if (!(await acceptsDeposits(ctx, order.eventId))) throw new DomainError('PAYMENT_METHOD_NOT_ACCEPTED', m.paymentMethodNotAccepted, 409);
  if (order.status === 'expired') throw new DomainError('ORDER_EXPIRED', m.orderExpired, 409);
  const kind = sniffVoucher(input.file);
  if (!kind) throw new DomainError('VOUCHER_TYPE', m.voucherType, 400, { field: 'voucher' });
  if (input.file.length > VOUCHER_MAX_BYTES) throw new DomainError('VOUCHER_TOO_LARGE', m.voucherTooLarge, 413, { field: 'voucher' });
  const key = `sales/${order.eventId}/vouchers/${order.orderId}-${input.clientId}.${kind.ext}`;
  // Refused states are refused before the file is written.
  orderDecider.decide({ type: 'sales.AnnounceOfflinePayment', data: { orderId: order.orderId, voucher: { ref: key, fileName: '', contentType: kind.type, size: 0 } } }, order, {
    now: ctx.clock(),
    newId: ctx.newId,
  });
  await storageFor(ctx.config.dataDir).put(key, input.file, kind.type);
  const fileName = input.fileName.replace(/[\r\n"\\/]/g, '').slice(0, 200) || `comprobante.${kind.ext}`;
  const r = await handleCommand(ctx, {
    streamId: orderStreamId(order.orderId),
    decider: orderDecider,
    command: { type: 'sales.AnnounceOfflinePayment', data: { orderId: order.orderId, voucher: { ref: key, fileName, contentType: kind.type, size: input.file.length } } },
    meta: { commandId: `deposit:${input.clientId}`, userId: input.userId ?? undefined },
  });
  return { order: orderDto(r.state), position: r.position };
}

/** The team approves a deposit under review: paid (method deposit), tickets issued. */
export async function approveDeposit(ctx: Ctx, input: { orderId: string; by: string }) {
  const order = await loadOrder(ctx, input.orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  if (order.status !== 'awaiting_payment' && !(order.status === 'paid' && order.method === 'deposit')) {
    throw new DomainError('NO_DEPOSIT_TO_REVIEW', m.noDepositToReview, 409);
  }
  const r = await payOrder(ctx, { orderId: order.orderId, method: 'deposit', amount: order.total, by: input.by });
  return { order: orderDto(r.state), position: r.position };
}

/** The team rejects a deposit (with its reason): the order is cancelled and its seats released. */
export async function rejectDeposit(ctx: Ctx, input: { orderId: string; reason: string; by: string }) {
  const r = await handleCommand(ctx, {
    streamId: orderStreamId(input.orderId),
    decider: orderDecider,
    command: { type: 'sales.RejectDeposit', data: { orderId: input.orderId, reason: input.reason } },
    meta: { commandId: `reject-deposit:${input.orderId}`, userId: input.by },
  });
  if (r.state.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  await releaseSeats(ctx, r.state.eventId, input.orderId, 'cancelled', `cancel:${input.orderId}`);
  return { order: orderDto(r.state), position: r.position };
}
