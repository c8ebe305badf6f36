import type { AppContext } from '../../context.js';
import type { PaymentMethodDto } from '../../contracts/events.js';
import type { OrderPaymentDto } from '../../contracts/sales.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { createCulqiProvider } from '../../payments/culqi.js';
import { withIdempotentCharges } from '../../payments/idempotency.js';
import { createMerchantProvider, merchantCheckoutScript } from '../../payments/merchant.js';
import type { PaymentProvider } from '../../payments/port.js';
import { paymentMethodsOf } from '../../projections/events/queries.js';
import { storeSettings, type StoreSettings } from '../../projections/sales/settings.js';
import { loadEvent } from '../events/service.js';
import { revealPaymentSecret } from '../events/secrets.js';
import { loadSaleState } from './sale-state.js';

type Ctx = Pick<AppContext, 'store' | 'db' | 'redis' | 'config'>;

/**
 * An event's payment providers, built from its payment methods (src/domain/events: `card` = Culqi with the
 * organizer's keys, the secret key revealed from the vault here and nowhere else; `merchant` = the second
 * provider with the event's merchant id and mode over the platform's credentials from the config). Every one
 * charges and refunds once per idempotency key (src/payments/idempotency.ts).
 */
export async function cardProvider(ctx: Ctx, eventId: string): Promise<PaymentProvider> {
  // The event's state from the per-process sale state (its tail read, grouped with the other requests'), not a
  // whole-stream read per payment.
  const { event } = await loadSaleState(ctx, eventId);
  const card = event?.paymentMethods.find((p) => p.method.kind === 'card');
  if (!card || card.method.kind !== 'card') throw notAccepted();
  // The provider (its secret revealed from the vault) is kept per process for a short while, keyed by the method's
  // vault reference: a new key is a new reference, a removed method is no longer in the event's state above.
  const key = `${eventId}:${card.id}:${card.method.secretKeyCipher ?? ''}`;
  let byKey = providers.get(ctx.store);
  if (!byKey) providers.set(ctx.store, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached && cached.until > Date.now()) return cached.provider;
  const secretKey = await revealPaymentSecret(ctx, eventId, card.id, card.method.secretKeyCipher);
  if (!secretKey) throw new DomainError('PAYMENT_NOT_CONFIGURED', messages.payments.notConfigured, 502);
  const provider = withIdempotentCharges(createCulqiProvider({ secretKey, baseUrl: ctx.config.payments.culqiApiUrl }), ctx.redis, { prefix: ctx.config.redisPrefix });
  byKey.delete(key);
  byKey.set(key, { provider, until: Date.now() + PROVIDER_TTL_MS });
  if (byKey.size > MAX_PROVIDERS) byKey.delete(byKey.keys().next().value!);
  return provider;
}

/** How long a revealed card provider is reused by this process, and how many are kept. */
const PROVIDER_TTL_MS = 5 * 60_000;
const MAX_PROVIDERS = 200;
const providers = new WeakMap<object, Map<string, { provider: PaymentProvider; until: number }>>();

export async function merchantProviderOf(ctx: Ctx, eventId: string) {
  const loaded = await loadEvent(ctx, eventId);
  const pm = loaded?.state.paymentMethods.find((p) => p.method.kind === 'merchant');
  if (!pm || pm.method.kind !== 'merchant') throw notAccepted();
  const p = ctx.config.payments;
  if (!p.merchantUser || !p.merchantPassword || !p.merchantWebhookSecret) {
    throw new DomainError('PAYMENT_NOT_CONFIGURED', messages.payments.notConfigured, 502);
  }
  const provider = createMerchantProvider({
    merchantId: pm.method.merchantId,
    mode: pm.method.mode,
    credentials: { user: p.merchantUser, password: p.merchantPassword },
    webhookSecret: p.merchantWebhookSecret,
    baseUrl: p.merchantApiUrl,
  });
  return { provider: withIdempotentCharges(provider, ctx.redis, { prefix: ctx.config.redisPrefix }), session: provider.createSession.bind(provider) };
}

const m = messages.sales;
const notAccepted = () => new DomainError('PAYMENT_METHOD_NOT_ACCEPTED', m.paymentMethodNotAccepted, 409);

/**
 * The bank accounts a buyer may deposit into: the event's bankDeposit payment methods (settings/payment methods)
 * and the account of the store's settings (manage/settings), each as one line of Spanish text. Empty: the event
 * takes no deposits.
 */
function depositAccounts(methods: PaymentMethodDto[], fromSettings: StoreSettings['bankDeposit']): string[] {
  const lines = methods.flatMap((d) => (d.kind === 'bankDeposit' ? [m.depositAccount(d.bank, d.account, d.holder) + (d.instructions ? `\n${d.instructions}` : '')] : []));
  if (fromSettings) lines.push(m.depositAccount(fromSettings.bank, fromSettings.accountNumber, fromSettings.holder) + (fromSettings.cci ? `\n${m.depositCci(fromSettings.cci)}` : ''));
  return lines;
}

/** What the checkout needs to pay an order of this event (public keys only, never a secret) and to ask for its receipt. */
export async function paymentInfo(ctx: Pick<AppContext, 'db' | 'config'>, eventId: string): Promise<OrderPaymentDto> {
  const [methods, settings] = await Promise.all([paymentMethodsOf(ctx.db, eventId), storeSettings(ctx.db, eventId, { defaultHoldSeconds: ctx.config.salesHoldSeconds })]);
  const card = methods.find((x) => x.kind === 'card');
  const merchant = methods.find((x) => x.kind === 'merchant');
  const deposits = depositAccounts(methods, settings.bankDeposit);
  return {
    culqiPublicKey: card?.kind === 'card' ? card.key : null,
    culqiTokensUrl: ctx.config.payments.culqiTokensUrl,
    merchantId: merchant?.kind === 'merchant' ? merchant.merchantId : null,
    merchantMode: merchant?.kind === 'merchant' ? merchant.mode : null,
    merchantCheckoutUrl: merchant?.kind === 'merchant' ? merchantCheckoutScript(merchant.mode, ctx.config.payments.merchantCheckoutUrl) : null,
    depositInstructions: deposits.length ? deposits.join('\n\n') : null,
    receiptChoice: settings.invoice.receiptChoice,
  };
}

/**
 * Whether the event takes bank deposits (a bankDeposit payment method, or an account in the store's settings). The
 * methods come from the event's stream, not its read model: a method added a moment ago counts.
 */
export async function acceptsDeposits(ctx: Pick<AppContext, 'store' | 'db' | 'config'>, eventId: string): Promise<boolean> {
  const loaded = await loadEvent(ctx, eventId);
  if (loaded?.state.paymentMethods.some((p) => p.method.kind === 'bankDeposit')) return true;
  return (await storeSettings(ctx.db, eventId, { defaultHoldSeconds: ctx.config.salesHoldSeconds })).bankDeposit !== null;
}
