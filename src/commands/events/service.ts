/**
 * Use cases of the events module: each loads the event's stream, decides with the pure aggregate and appends
 * with the expected version (src/commands/handle.ts). Authorization happens before, in the HTTP layer
 * (src/http/events/access.ts); these functions check only what the domain owns.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { ModuleName, RoleName } from '../../contracts/events.js';
import {
  eventDecider,
  eventStreamId,
  EVENT_CODE_SCOPE,
  type CreatedEvent,
  type EventDetails,
  type EventState,
  type EventsCommand,
  type EventsEvent,
  type PaymentMethodConfig,
  type TicketTypeFields,
} from '../../domain/events/event.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { ReservationConflictError, type Recorded, type Reservation } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { emailVerifiedNow } from '../accounts/verified.js';
import { handleCommand, type CommandResult } from '../handle.js';
import { forgetPaymentSecrets, settlePaymentSecret, storePaymentSecret } from './secrets.js';
import { createPiiVault } from '../../crypto/pii-vault.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'config'>;
export type EventResult = CommandResult<EventState, EventsEvent> & { state: CreatedEvent };

const m = messages.events;

/** Loads an event's state from its stream (null when the stream does not exist). */
export async function loadEvent(ctx: Pick<AppContext, 'store'>, eventId: string): Promise<{ state: CreatedEvent; version: number } | null> {
  const recorded = (await ctx.store.readStream(eventStreamId(eventId))) as Recorded<EventsEvent>[];
  if (!recorded.length) return null;
  const state = recorded.reduce(eventDecider.evolve, eventDecider.initialState());
  if (state.status !== 'created' || state.deletedAt) return null;
  return { state, version: recorded[recorded.length - 1].streamVersion };
}

/** Runs one command of the events decider on the event's stream (every use case of this module goes through it). */
export async function run(
  ctx: Ctx,
  eventId: string,
  command: EventsCommand,
  user: { _id: string },
  opts: { commandId?: string; expectedVersion?: number } = {},
): Promise<EventResult> {
  try {
    const result = await handleCommand(ctx, {
      streamId: eventStreamId(eventId),
      decider: eventDecider,
      command,
      meta: { commandId: opts.commandId, userId: user._id, expectedVersion: opts.expectedVersion },
      reserve: codeReservations('reserve'),
      release: codeReservations('release'),
    });
    if (result.state.status !== 'created' || (result.state.deletedAt && command.type !== 'DeleteEvent')) {
      throw new NotFoundError('EVENT_NOT_FOUND', m.notFound);
    }
    return result as EventResult;
  } catch (err) {
    if (err instanceof ReservationConflictError && err.reservation.scope === EVENT_CODE_SCOPE) {
      throw new DomainError('EVENT_CODE_TAKEN', m.codeTaken, 409, { field: 'eventCode' });
    }
    throw err;
  }
}

/** The eventCode is unique across events: reserved with the append that sets it, released when it changes. */
function codeReservations(kind: 'reserve' | 'release') {
  return (events: EventsEvent[], state: EventState): Reservation[] => {
    const out: Reservation[] = [];
    for (const e of events) {
      if (e.type === 'events.EventCreated' && kind === 'reserve') out.push({ scope: EVENT_CODE_SCOPE, value: e.data.eventCode });
      // A deleted draft frees its code for another event (a cancelled one keeps it: its public page still answers).
      if (e.type === 'events.EventDeleted' && kind === 'release') out.push({ scope: EVENT_CODE_SCOPE, value: e.data.eventCode });
      if (e.type === 'events.EventDetailsChanged' && e.data.changes.eventCode) {
        if (kind === 'reserve') out.push({ scope: EVENT_CODE_SCOPE, value: e.data.changes.eventCode });
        else if (state.status === 'created') out.push({ scope: EVENT_CODE_SCOPE, value: state.eventCode });
      }
    }
    return out;
  };
}

export async function createEvent(ctx: Ctx, user: AuthUser, input: EventDetails & { clientId?: string }): Promise<EventResult> {
  const { clientId, ...details } = input;
  const eventId = clientId ?? ctx.newId();
  const result = await run(ctx, eventId, { type: 'CreateEvent', data: { eventId, ownerId: user._id, ...details } }, user, {
    commandId: `create:${eventId}`,
  });
  // A clientId is an idempotency key of its owner only: another user's retry is not a retry.
  if (result.state.ownerId !== user._id) throw new DomainError('EVENT_EXISTS', m.exists, 409);
  return result;
}

/** Calls off a published event; a retry (same event) answers the first result. */
export function cancelEvent(ctx: Ctx, user: AuthUser, eventId: string) {
  return run(ctx, eventId, { type: 'CancelEvent', data: {} }, user, { commandId: `cancel:${eventId}` });
}

/**
 * Deletes a draft: its code is released in the same append. Card secrets go too: no event will use them again
 * (the stream keeps the history with references to nothing).
 */
export async function deleteEvent(ctx: Ctx & Pick<AppContext, 'db'>, user: AuthUser, eventId: string) {
  const result = await run(ctx, eventId, { type: 'DeleteEvent', data: {} }, user, { commandId: `delete:${eventId}` });
  if (result.events.some((e) => e.type === 'events.EventDeleted')) {
    for (const p of result.state.paymentMethods) await forgetPaymentSecrets(ctx.db, eventId, p.id);
  }
  return result;
}

export function changeCover(ctx: Ctx, user: AuthUser, eventId: string, coverUrl: string) {
  return run(ctx, eventId, { type: 'ChangeCover', data: { coverUrl } }, user);
}

export function addTicketType(ctx: Ctx, user: AuthUser, eventId: string, fields: TicketTypeFields & { clientId?: string }) {
  const { clientId, ...rest } = fields;
  const ticketTypeId = clientId ?? ctx.newId();
  return run(ctx, eventId, { type: 'AddTicketType', data: { ticketTypeId, ...rest } }, user, { commandId: `ticket:${ticketTypeId}` }).then(
    (r) => ({ ...r, ticketTypeId }),
  );
}

export function changeTicketType(ctx: Ctx, user: AuthUser, eventId: string, ticketTypeId: string, changes: Partial<TicketTypeFields>) {
  return run(ctx, eventId, { type: 'ChangeTicketType', data: { ticketTypeId, changes } }, user);
}

export function removeTicketType(ctx: Ctx, user: AuthUser, eventId: string, ticketTypeId: string) {
  return run(ctx, eventId, { type: 'RemoveTicketType', data: { ticketTypeId } }, user, { commandId: `ticket-remove:${ticketTypeId}` });
}

type PaymentMethodInput =
  | { kind: 'card'; key: string; secretKey: string }
  | { kind: 'merchant'; merchantId: string; mode: 'sandbox' | 'production' }
  | { kind: 'bankDeposit'; bank: string; account: string; holder: string; instructions: string | null }
  | { kind: 'cash'; instructions: string | null };

/** A card's secret key goes to the secrets vault; its event carries only the reference (./secrets.ts). */
export async function addPaymentMethod(ctx: Ctx & Pick<AppContext, 'db'>, user: AuthUser, eventId: string, input: PaymentMethodInput & { clientId?: string }) {
  const paymentMethodId = input.clientId ?? ctx.newId();
  let method: PaymentMethodConfig;
  let secret: string | null = null;
  if (input.kind === 'card') {
    secret = await storePaymentSecret(ctx, eventId, paymentMethodId, input.secretKey);
    method = { kind: 'card', key: input.key, secretKeyCipher: secret };
  } else {
    const { clientId: _c, ...rest } = input;
    method = rest as PaymentMethodConfig;
  }
  const command = run(ctx, eventId, { type: 'AddPaymentMethod', data: { paymentMethodId, method } }, user, {
    commandId: `payment:${paymentMethodId}`,
  });
  return { ...(await settlePaymentSecret(ctx.db, secret, command)), paymentMethodId };
}

export async function changePaymentMethod(ctx: Ctx & Pick<AppContext, 'db'>, user: AuthUser, eventId: string, paymentMethodId: string, input: Record<string, unknown>) {
  const { secretKey, ...changes } = input;
  const secret = typeof secretKey === 'string' ? await storePaymentSecret(ctx, eventId, paymentMethodId, secretKey) : null;
  if (secret) changes.secretKeyCipher = secret;
  return settlePaymentSecret(ctx.db, secret, run(ctx, eventId, { type: 'ChangePaymentMethod', data: { paymentMethodId, changes } }, user));
}

export async function removePaymentMethod(ctx: Ctx & Pick<AppContext, 'db'>, user: AuthUser, eventId: string, paymentMethodId: string) {
  const result = await run(ctx, eventId, { type: 'RemovePaymentMethod', data: { paymentMethodId } }, user, {
    commandId: `payment-remove:${paymentMethodId}`,
  });
  // No event will point to its secrets again (a method id is never added twice): they are erased, not kept.
  if (result.events.some((e) => e.type === 'events.PaymentMethodRemoved')) await forgetPaymentSecrets(ctx.db, eventId, paymentMethodId);
  return result;
}

/** SHA-256 of the normalized e-mail, the same value accounts keeps for sign-in. */
export function emailHashOf(email: string): string {
  return createHash('sha256').update(email.normalize('NFC').trim().toLowerCase(), 'utf8').digest('hex');
}

export function maskEmail(email: string): string {
  const [local, domain] = email.trim().toLowerCase().split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function grantCollaborator(ctx: Ctx, user: AuthUser, eventId: string, inviteeUserId: string, module: ModuleName, role: RoleName) {
  return run(ctx, eventId, { type: 'GrantCollaborator', data: { userId: inviteeUserId, module, role } }, user);
}

/** Subject of the per-invitation key that encrypts the invitee's e-mail (deleted once the invitation is used). */
export const invitationSubject = (invitationId: string) => `event-invitation:${invitationId}`;

export async function inviteByEmail(
  ctx: Ctx & Pick<AppContext, 'db'>,
  user: AuthUser,
  eventId: string,
  email: string,
  module: ModuleName,
  role: RoleName,
) {
  const invitationId = ctx.newId();
  const emailCipher = await createPiiVault(ctx.db).encrypt(invitationSubject(invitationId), email.trim().toLowerCase());
  const r = await run(
    ctx,
    eventId,
    { type: 'InviteByEmail', data: { invitationId, emailHash: emailHashOf(email), emailMasked: maskEmail(email), emailCipher, module, role } },
    user,
  );
  return { ...r, invitationId };
}

/** Withdraws a pending invitation; the command id makes a retried cancel answer the first result. */
export function cancelInvitation(ctx: Ctx, user: AuthUser, eventId: string, invitationId: string) {
  return run(ctx, eventId, { type: 'CancelInvitation', data: { invitationId } }, user, { commandId: `invitation-cancel:${invitationId}` });
}

export async function acceptInvitation(ctx: Ctx, user: AuthUser, eventId: string, invitationId: string) {
  // The session's flag may predate a verification made a moment ago: the account's stream has it exactly.
  const emailVerified = user.emailVerified || (await emailVerifiedNow(ctx, user._id));
  return run(
    ctx,
    eventId,
    { type: 'AcceptInvitation', data: { invitationId, userId: user._id, emailHash: emailHashOf(user.email), emailVerified } },
    user,
    { commandId: `accept:${invitationId}:${user._id}` },
  );
}

export function removeCollaborator(ctx: Ctx, user: AuthUser, eventId: string, userId: string) {
  return run(ctx, eventId, { type: 'RemoveCollaborator', data: { userId } }, user);
}
