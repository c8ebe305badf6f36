/**
 * POST event/:id/duplicate: a new draft with the source's details, cover, ticket types and payment methods, as
 * pretix's and Hi.Events' "copy event". It is a CreateEvent of a new stream seeded from the source's state, so the
 * copy is created whole in one append (never an event with half its tickets). Authorization happens before, in the
 * HTTP layer (event.edit on the source); whoever duplicates owns the copy.
 *
 * The eventCode must be unique: without one in the request, the first free of `<code>-copia`, `<code>-copia-2`, ...
 * is taken (the reservation decides, so two copies made at once get different codes).
 *
 * Card secrets live in the secrets vault under references bound to their event and method: each is revealed and
 * stored again under the copy's method. A secret that cannot be read (a legacy value whose JWT_SECRET is gone) is
 * not copied: that card method is left out and counted in `paymentMethodsLeftOut`.
 */
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import { EVENT_CODE_PATTERN, isReservedEventCode } from '../../contracts/events.js';
import { pickDetails, type EventSeed } from '../../domain/events/event.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { revealPaymentSecret, settlePaymentSecret, storePaymentSecret } from './secrets.js';
import { loadEvent, run, type EventResult } from './service.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'config' | 'db'>;

const MAX_CODE = 60;
const MAX_CANDIDATES = 50;

/** `<code>-copia`, `<code>-copia-2`, ...: the n-th candidate (1-based), the base shortened to fit 60 characters. */
export function copyCode(code: string, n: number): string {
  const suffix = n === 1 ? '-copia' : `-copia-${n}`;
  const base = code.slice(0, MAX_CODE - suffix.length).replace(/-+$/, '');
  return base + suffix;
}

export interface DuplicateEventInput {
  /** The copy's id: a retry with the same clientId answers the first copy. */
  clientId?: string;
  /** A code of the caller's choice instead of the suggested `<code>-copia`. */
  eventCode?: string;
}

export async function duplicateEvent(
  ctx: Ctx,
  user: AuthUser,
  sourceId: string,
  input: DuplicateEventInput,
): Promise<EventResult & { paymentMethodsLeftOut: number }> {
  const source = await loadEvent(ctx, sourceId);
  if (!source) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
  const s = source.state;
  const eventId = input.clientId ?? ctx.newId();

  // Secrets first: each card's secret under a reference of the copy (settled below if the append does not use it).
  const stored: string[] = [];
  const paymentMethods: EventSeed['paymentMethods'] = [];
  let paymentMethodsLeftOut = 0;
  for (const p of s.paymentMethods) {
    const paymentMethodId = ctx.newId();
    if (p.method.kind !== 'card') {
      paymentMethods.push({ paymentMethodId, method: p.method });
      continue;
    }
    const secret = await revealPaymentSecret(ctx, s.id, p.id, p.method.secretKeyCipher);
    if (secret === null) {
      paymentMethodsLeftOut++;
      continue;
    }
    const ref = await storePaymentSecret(ctx, eventId, paymentMethodId, secret);
    stored.push(ref);
    paymentMethods.push({ paymentMethodId, method: { kind: 'card', key: p.method.key, secretKeyCipher: ref } });
  }
  const seed: EventSeed = {
    duplicatedFrom: s.id,
    coverUrl: s.coverUrl,
    tickets: s.tickets.map(({ id: _id, createdAt: _c, updatedAt: _u, ...fields }) => ({ ticketTypeId: ctx.newId(), ...fields })),
    paymentMethods,
  };

  const create = async (): Promise<EventResult> => {
    const candidates = input.eventCode ? [input.eventCode] : candidateCodes(s.eventCode);
    for (const [i, eventCode] of candidates.entries()) {
      try {
        return await run(
          ctx,
          eventId,
          { type: 'CreateEvent', data: { eventId, ownerId: user._id, ...pickDetails(s), eventCode, seed } },
          user,
          { commandId: `duplicate:${eventId}` },
        );
      } catch (err) {
        const taken = err instanceof DomainError && err.code === 'EVENT_CODE_TAKEN';
        if (!taken || input.eventCode || i === candidates.length - 1) throw err;
      }
    }
    throw new DomainError('EVENT_CODE_TAKEN', messages.events.codeTaken, 409);
  };
  // Each stored secret is kept only if the append recorded it (not on a failure or a retry answered from the first).
  const result = await stored.reduce<Promise<EventResult>>((command, ref) => settlePaymentSecret(ctx.db, ref, command), create());
  // A clientId is an idempotency key of its owner only: another user's retry is not a retry.
  if (result.state.ownerId !== user._id) throw new DomainError('EVENT_EXISTS', messages.events.exists, 409);
  return { ...result, paymentMethodsLeftOut };
}

function candidateCodes(code: string): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < MAX_CANDIDATES && n <= MAX_CANDIDATES * 2; n++) {
    const c = copyCode(code, n);
    if (EVENT_CODE_PATTERN.test(c) && !isReservedEventCode(c)) out.push(c);
  }
  return out;
}
