/**
 * The Event aggregate (stream `events-event-<id>`): the event's details, its ticket types, payment methods and
 * team. Ticket types and payment methods live in the event's own stream, not in streams of their own, because
 * the publish rules and the invariants that keep a published event sellable (at least one ticket, a payment
 * method while any ticket is paid) span all of them: one stream makes every such check
 * atomic under the expected version, and the audit trail of an event is one stream read. An event has tens of
 * ticket types and a handful of methods, so the stream stays short.
 *
 * Pure: time, ids and the acting user come in through DecideContext.
 */
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError, ForbiddenError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import { mayGrant } from '../access/matrix.js';
import {
  MAX_TICKET_TYPES,
  MODULE_ROLES,
  MODULES,
  type Currency,
  type ModuleName,
  type PaymentMethodKind,
  type RoleName,
  type TicketVisibility,
} from '../../contracts/events.js';

const m = messages.events;

// ---------------------------------------------------------------------------------------------------------
// Value shapes

export type EventDetails = {
  eventName: string;
  eventCode: string;
  description: string | null;
  venue: string | null;
  onlineUrl: string | null;
  startDate: string;
  endDate: string;
  timeZone: string;
  currency: Currency;
  capacity: number | null;
};
export const DETAIL_KEYS: (keyof EventDetails)[] = [
  'eventName',
  'eventCode',
  'description',
  'venue',
  'onlineUrl',
  'startDate',
  'endDate',
  'timeZone',
  'currency',
  'capacity',
];

export type TicketTypeFields = {
  name: string;
  price: number;
  quantity: number;
  saleStart: string | null;
  saleEnd: string | null;
  minPerOrder: number;
  maxPerOrder: number;
  visibility: TicketVisibility;
};

/**
 * Payment method configuration as stored in the log. `secretKeyCipher` is never shown: `vault:<ref>`, the secret's
 * reference in the secrets vault, or in older events `sec:v1:` ciphertext (src/commands/events/secrets.ts).
 */
export type PaymentMethodConfig =
  | { kind: 'card'; key: string; secretKeyCipher: string }
  | { kind: 'merchant'; merchantId: string; mode: 'sandbox' | 'production' }
  | { kind: 'bankDeposit'; bank: string; account: string; holder: string; instructions: string | null }
  | { kind: 'cash'; instructions: string | null };

/** Kinds of which an event may hold only one. */
const SINGLE_KINDS: PaymentMethodKind[] = ['card', 'merchant', 'cash'];

// ---------------------------------------------------------------------------------------------------------
// Events

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };

/** `duplicatedFrom`: the event this one was copied from (POST event/:id/duplicate); absent for a plain creation. */
export type EventCreated = E<'events.EventCreated', { eventId: string; ownerId: string; duplicatedFrom?: string; at: string } & EventDetails>;
export type EventDetailsChanged = E<'events.EventDetailsChanged', { eventId: string; changes: Partial<EventDetails>; at: string }>;
export type EventCoverChanged = E<'events.EventCoverChanged', { eventId: string; coverUrl: string; at: string }>;
export type EventPublished = E<
  'events.EventPublished',
  {
    eventId: string;
    eventCode: string;
    eventName: string;
    ownerId: string;
    withoutPaymentMethod: boolean;
    /**
     * The collaborators (user ids, owner excluded) holding a role in any module when the event was published, so
     * that whoever reads the log (the notifier, also on a rebuild) knows the team of that moment, not today's.
     * Absent from events recorded before it was added: their team was never notified.
     */
    team?: string[];
    at: string;
  }
>;
/**
 * A published event called off. `team` as on EventPublished (collaborators holding a role at that moment, owner
 * excluded), so the notifier tells who was on it then, also on a rebuild. Nothing was sold yet (no sales module),
 * so there is nothing to refund.
 */
export type EventCancelled = E<
  'events.EventCancelled',
  { eventId: string; eventCode: string; eventName: string; ownerId: string; team: string[]; cancelledBy: string; at: string }
>;
/** A draft deleted: it leaves every list and its eventCode is free again; the stream keeps its history. */
export type EventDeleted = E<'events.EventDeleted', { eventId: string; eventCode: string; deletedBy: string; at: string }>;
export type TicketTypeAdded = E<'events.TicketTypeAdded', { eventId: string; ticketTypeId: string; at: string } & TicketTypeFields>;
export type TicketTypeChanged = E<
  'events.TicketTypeChanged',
  { eventId: string; ticketTypeId: string; changes: Partial<TicketTypeFields>; at: string }
>;
export type TicketTypeRemoved = E<'events.TicketTypeRemoved', { eventId: string; ticketTypeId: string; at: string }>;
export type PaymentMethodAdded = E<
  'events.PaymentMethodAdded',
  { eventId: string; paymentMethodId: string; method: PaymentMethodConfig; at: string }
>;
export type PaymentMethodChanged = E<
  'events.PaymentMethodChanged',
  { eventId: string; paymentMethodId: string; method: PaymentMethodConfig; at: string }
>;
export type PaymentMethodRemoved = E<'events.PaymentMethodRemoved', { eventId: string; paymentMethodId: string; at: string }>;
/** A user with an account was given a role (directly, or by accepting a pending invitation). */
export type CollaboratorInvited = E<
  'events.CollaboratorInvited',
  {
    eventId: string;
    eventName: string;
    inviteeUserId: string;
    module: ModuleName;
    role: RoleName;
    invitedBy: string;
    invitationId: string | null;
    at: string;
  }
>;
/** An e-mail without an account was invited; granted when that person signs up or signs in. */
export type CollaboratorInvitationPending = E<
  'events.CollaboratorInvitationPending',
  {
    eventId: string;
    eventName: string;
    invitationId: string;
    emailHash: string;
    emailMasked: string;
    /** The e-mail encrypted under a key of its own (pii_keys, subject `event-invitation:<id>`), for the invitation mail; shredded once used. */
    emailCipher: string | null;
    module: ModuleName;
    role: RoleName;
    invitedBy: string;
    at: string;
  }
>;
/** An organizer withdrew a pending e-mail invitation: its link grants nothing any more. */
export type CollaboratorInvitationCancelled = E<
  'events.CollaboratorInvitationCancelled',
  { eventId: string; invitationId: string; emailMasked: string; module: ModuleName; role: RoleName; cancelledBy: string; at: string }
>;
export type CollaboratorRemoved = E<
  'events.CollaboratorRemoved',
  { eventId: string; userId: string; modules: ModuleName[]; removedBy: string; at: string }
>;

export type EventsEvent =
  | EventCreated
  | EventDetailsChanged
  | EventCoverChanged
  | EventPublished
  | EventCancelled
  | EventDeleted
  | TicketTypeAdded
  | TicketTypeChanged
  | TicketTypeRemoved
  | PaymentMethodAdded
  | PaymentMethodChanged
  | PaymentMethodRemoved
  | CollaboratorInvited
  | CollaboratorInvitationPending
  | CollaboratorInvitationCancelled
  | CollaboratorRemoved;

export const EVENT_TYPES: EventsEvent['type'][] = [
  'events.EventCreated',
  'events.EventDetailsChanged',
  'events.EventCoverChanged',
  'events.EventPublished',
  'events.EventCancelled',
  'events.EventDeleted',
  'events.TicketTypeAdded',
  'events.TicketTypeChanged',
  'events.TicketTypeRemoved',
  'events.PaymentMethodAdded',
  'events.PaymentMethodChanged',
  'events.PaymentMethodRemoved',
  'events.CollaboratorInvited',
  'events.CollaboratorInvitationPending',
  'events.CollaboratorInvitationCancelled',
  'events.CollaboratorRemoved',
];

// ---------------------------------------------------------------------------------------------------------
// Commands

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };

/** What a duplicate starts with besides the details: all of it lands in the creating append. */
export type EventSeed = {
  duplicatedFrom: string;
  coverUrl: string | null;
  tickets: ({ ticketTypeId: string } & TicketTypeFields)[];
  paymentMethods: { paymentMethodId: string; method: PaymentMethodConfig }[];
};
export type CreateEvent = C<'CreateEvent', { eventId: string; ownerId: string; seed?: EventSeed } & EventDetails>;
/** Calls off a published event (a draft is deleted instead). */
export type CancelEvent = C<'CancelEvent', Record<string, never>>;
/** Deletes a draft (a published event is cancelled instead). */
export type DeleteEvent = C<'DeleteEvent', Record<string, never>>;
/** `unpublish`: the client asked for `published: false`, refused once the event is published (no way back to draft). */
export type UpdateEvent = C<'UpdateEvent', { changes: Partial<EventDetails>; unpublish?: boolean }>;
export type ChangeCover = C<'ChangeCover', { coverUrl: string }>;
/** Publishes, optionally with edits: the edits and the publication are decided together and appended at once. */
export type PublishEvent = C<'PublishEvent', { changes?: Partial<EventDetails> }>;
export type AddTicketType = C<'AddTicketType', { ticketTypeId: string } & TicketTypeFields>;
export type ChangeTicketType = C<'ChangeTicketType', { ticketTypeId: string; changes: Partial<TicketTypeFields> }>;
export type RemoveTicketType = C<'RemoveTicketType', { ticketTypeId: string }>;
export type AddPaymentMethod = C<'AddPaymentMethod', { paymentMethodId: string; method: PaymentMethodConfig }>;
/** `changes` are fields of the method's kind; `secretKeyCipher` replaces the stored secret when present. */
export type ChangePaymentMethod = C<'ChangePaymentMethod', { paymentMethodId: string; changes: Record<string, unknown> }>;
export type RemovePaymentMethod = C<'RemovePaymentMethod', { paymentMethodId: string }>;
export type GrantCollaborator = C<'GrantCollaborator', { userId: string; module: ModuleName; role: RoleName }>;
export type InviteByEmail = C<
  'InviteByEmail',
  { invitationId: string; emailHash: string; emailMasked: string; emailCipher: string | null; module: ModuleName; role: RoleName }
>;
export type CancelInvitation = C<'CancelInvitation', { invitationId: string }>;
/** `emailVerified`: the account proved the invited e-mail (only such an account may take the role). */
export type AcceptInvitation = C<'AcceptInvitation', { invitationId: string; userId: string; emailHash: string; emailVerified: boolean }>;
export type RemoveCollaborator = C<'RemoveCollaborator', { userId: string }>;

export type EventsCommand =
  | CreateEvent
  | UpdateEvent
  | ChangeCover
  | PublishEvent
  | CancelEvent
  | DeleteEvent
  | AddTicketType
  | ChangeTicketType
  | RemoveTicketType
  | AddPaymentMethod
  | ChangePaymentMethod
  | RemovePaymentMethod
  | GrantCollaborator
  | InviteByEmail
  | CancelInvitation
  | AcceptInvitation
  | RemoveCollaborator;

// ---------------------------------------------------------------------------------------------------------
// State

export interface TicketTypeState extends TicketTypeFields {
  id: string;
  createdAt: string;
  updatedAt: string;
}
export interface PaymentMethodState {
  id: string;
  method: PaymentMethodConfig;
  createdAt: string;
  updatedAt: string;
}
export interface PendingInvitation {
  id: string;
  emailHash: string;
  emailMasked: string;
  module: ModuleName;
  role: RoleName;
  invitedBy: string;
  at: string;
}

export type EventState =
  | { status: 'empty' }
  | ({
      status: 'created';
      id: string;
      ownerId: string;
      coverUrl: string | null;
      published: boolean;
      publishedAt: string | null;
      /** Set once a published event is cancelled: no more edits or publishing. */
      cancelledAt: string | null;
      /** Set once a draft is deleted: every command but a repeated delete answers "not found". */
      deletedAt: string | null;
      createdAt: string;
      updatedAt: string;
      tickets: TicketTypeState[];
      paymentMethods: PaymentMethodState[];
      /** userId -> module -> role (collaborators only; the owner is administrator everywhere). */
      members: Record<string, Partial<Record<ModuleName, RoleName>>>;
      invitations: PendingInvitation[];
      /** Ids of cancelled invitations, so their links are refused as cancelled and a repeated cancel is a no-op. */
      cancelledInvitations: string[];
    } & EventDetails);
export type CreatedEvent = Extract<EventState, { status: 'created' }>;

export const initialState = (): EventState => ({ status: 'empty' });

export function maximumPrice(state: CreatedEvent): number {
  return state.tickets.reduce((max, t) => Math.max(max, t.price), 0);
}
export function ticketsTotal(state: Pick<CreatedEvent, 'tickets'>): number {
  return state.tickets.reduce((sum, t) => sum + t.quantity, 0);
}
/**
 * The most the event can sell: capacity is a quota shared by its ticket types (pretix's shared quotas), so each
 * type keeps its own quantity and the event sells at most min(sum of quantities, capacity).
 */
export function sellableTotal(state: Pick<CreatedEvent, 'tickets' | 'capacity'>): number {
  const sum = ticketsTotal(state);
  return state.capacity === null ? sum : Math.min(sum, state.capacity);
}
/** Roles of a user in the event by module; the owner holds administrator in every module. */
export function rolesOf(state: CreatedEvent, userId: string): Partial<Record<ModuleName, RoleName>> {
  if (state.ownerId === userId) return Object.fromEntries(MODULES.map((mod) => [mod, 'administrator'])) as Record<ModuleName, RoleName>;
  return state.members[userId] ?? {};
}

export function evolve(state: EventState, event: EventsEvent): EventState {
  if (event.type === 'events.EventCreated') {
    const { eventId, ownerId, at, duplicatedFrom: _d, ...details } = event.data;
    return {
      status: 'created',
      id: eventId,
      ownerId,
      ...details,
      coverUrl: null,
      published: false,
      publishedAt: null,
      cancelledAt: null,
      deletedAt: null,
      createdAt: at,
      updatedAt: at,
      tickets: [],
      paymentMethods: [],
      members: {},
      invitations: [],
      cancelledInvitations: [],
    };
  }
  if (state.status !== 'created') return state;
  const at = event.data.at;
  switch (event.type) {
    case 'events.EventDetailsChanged':
      return { ...state, ...event.data.changes, updatedAt: at };
    case 'events.EventCoverChanged':
      return { ...state, coverUrl: event.data.coverUrl, updatedAt: at };
    case 'events.EventPublished':
      return { ...state, published: true, publishedAt: at, updatedAt: at };
    case 'events.EventCancelled':
      return { ...state, cancelledAt: at, updatedAt: at };
    case 'events.EventDeleted':
      return { ...state, deletedAt: at, updatedAt: at };
    case 'events.TicketTypeAdded': {
      const { eventId: _e, ticketTypeId, at: _a, ...fields } = event.data;
      return { ...state, tickets: [...state.tickets, { id: ticketTypeId, ...fields, createdAt: at, updatedAt: at }] };
    }
    case 'events.TicketTypeChanged':
      return {
        ...state,
        tickets: state.tickets.map((t) => (t.id === event.data.ticketTypeId ? { ...t, ...event.data.changes, updatedAt: at } : t)),
      };
    case 'events.TicketTypeRemoved':
      return { ...state, tickets: state.tickets.filter((t) => t.id !== event.data.ticketTypeId) };
    case 'events.PaymentMethodAdded':
      return {
        ...state,
        paymentMethods: [...state.paymentMethods, { id: event.data.paymentMethodId, method: event.data.method, createdAt: at, updatedAt: at }],
      };
    case 'events.PaymentMethodChanged':
      return {
        ...state,
        paymentMethods: state.paymentMethods.map((p) =>
          p.id === event.data.paymentMethodId ? { ...p, method: event.data.method, updatedAt: at } : p,
        ),
      };
    case 'events.PaymentMethodRemoved':
      return { ...state, paymentMethods: state.paymentMethods.filter((p) => p.id !== event.data.paymentMethodId) };
    case 'events.CollaboratorInvited': {
      const { inviteeUserId, module, role, invitationId } = event.data;
      return {
        ...state,
        members: { ...state.members, [inviteeUserId]: { ...state.members[inviteeUserId], [module]: role } },
        invitations: invitationId ? state.invitations.filter((i) => i.id !== invitationId) : state.invitations,
      };
    }
    case 'events.CollaboratorInvitationPending': {
      const { invitationId, emailHash, emailMasked, module, role, invitedBy } = event.data;
      const others = state.invitations.filter((i) => !(i.emailHash === emailHash && i.module === module));
      return { ...state, invitations: [...others, { id: invitationId, emailHash, emailMasked, module, role, invitedBy, at }] };
    }
    case 'events.CollaboratorInvitationCancelled':
      return {
        ...state,
        invitations: state.invitations.filter((i) => i.id !== event.data.invitationId),
        cancelledInvitations: [...state.cancelledInvitations, event.data.invitationId],
      };
    case 'events.CollaboratorRemoved': {
      const { [event.data.userId]: _gone, ...members } = state.members;
      return { ...state, members };
    }
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------
// Decide

function requireCreated(state: EventState): CreatedEvent {
  if (state.status !== 'created' || state.deletedAt) throw new NotFoundError('EVENT_NOT_FOUND', m.notFound);
  return state;
}

/** A cancelled event is final: its details, tickets and payment methods stay as they were when it was called off. */
function requireNotCancelled(s: CreatedEvent): void {
  if (s.cancelledAt) throw new DomainError('EVENT_CANCELLED', m.eventCancelled, 409);
}

/** The events that seed a duplicate, decided as if each were its own command on the new event. */
function decideSeed(eventId: string, created: EventsEvent, seed: EventSeed, at: string): EventsEvent[] {
  const events: EventsEvent[] = [created];
  if (seed.coverUrl) events.push({ type: 'events.EventCoverChanged', data: { eventId, coverUrl: seed.coverUrl, at } });
  for (const { ticketTypeId, ...fields } of seed.tickets) {
    const s = apply(initialState(), events);
    checkTicket(fields, s.endDate);
    checkTicketName(s, fields.name, ticketTypeId);
    events.push({ type: 'events.TicketTypeAdded', data: { eventId, ticketTypeId, ...fields, at } });
  }
  for (const { paymentMethodId, method } of seed.paymentMethods) {
    events.push({ type: 'events.PaymentMethodAdded', data: { eventId, paymentMethodId, method, at } });
  }
  return events;
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function checkDetails(d: EventDetails): void {
  if (!(Date.parse(d.endDate) > Date.parse(d.startDate))) throw new DomainError('END_BEFORE_START', m.endBeforeStart, 400, { field: 'endDate' });
  if (!d.venue && !d.onlineUrl) throw new DomainError('VENUE_REQUIRED', m.venueRequired, 400, { field: 'venue' });
  if (!isValidTimeZone(d.timeZone)) throw new DomainError('INVALID_TIME_ZONE', m.invalidTimeZone, 400, { field: 'timeZone' });
}

/** Whether a ticket's sale window reaches past the event's end (no one buys a ticket to an event that is over). */
function sellsAfter(t: Pick<TicketTypeFields, 'saleStart' | 'saleEnd'>, eventEnd: string): boolean {
  const end = Date.parse(eventEnd);
  return (t.saleEnd !== null && Date.parse(t.saleEnd) > end) || (t.saleStart !== null && Date.parse(t.saleStart) >= end);
}

function checkTicket(t: TicketTypeFields, eventEnd: string): void {
  if (t.saleStart && t.saleEnd && !(Date.parse(t.saleEnd) > Date.parse(t.saleStart))) {
    throw new DomainError('TICKET_SALE_DATES', m.ticketSaleDates, 400, { field: 'saleEnd' });
  }
  if (sellsAfter(t, eventEnd)) throw new DomainError('TICKET_SALE_AFTER_EVENT', m.ticketSaleAfterEvent, 400, { field: t.saleEnd !== null ? 'saleEnd' : 'saleStart' });
  if (t.maxPerOrder < t.minPerOrder) throw new DomainError('TICKET_ORDER_LIMITS', m.ticketOrderLimits, 400, { field: 'maxPerOrder' });
  if (t.minPerOrder > t.quantity) throw new DomainError('TICKET_MIN_ABOVE_QUANTITY', m.ticketMinAboveQuantity, 400, { field: 'minPerOrder' });
}

/** Two ticket types of one event cannot share a name: buyers tell them apart by it (case and accents aside). */
function checkTicketName(s: CreatedEvent, name: string, ticketTypeId: string): void {
  const key = (n: string) => n.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  if (s.tickets.some((t) => t.id !== ticketTypeId && key(t.name) === key(name))) {
    throw new DomainError('TICKET_NAME_TAKEN', m.ticketNameTaken, 409, { field: 'name' });
  }
}

/** A published event must stay sellable: a ticket, and a payment method while any ticket is paid. */
function checkSellable(next: CreatedEvent): void {
  if (!next.published) return;
  if (next.tickets.length === 0) throw new DomainError('LAST_TICKET_PUBLISHED', m.lastTicketPublished, 409);
  if (maximumPrice(next) > 0 && next.paymentMethods.length === 0) {
    throw new DomainError('PAYMENT_METHOD_REQUIRED', m.paymentMethodRequired, 409);
  }
}


function apply(state: EventState, events: EventsEvent[]): CreatedEvent {
  return events.reduce(evolve, state) as CreatedEvent;
}

function changedOnly<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(changes) as [keyof T, T[keyof T]][]) {
    if (v !== undefined && current[k] !== v) out[k] = v;
  }
  return out;
}

/** The publish rules of the spec, in its order. Exported so the client-facing checks share them. */
export function publishCheck(state: CreatedEvent): { ok: true; withoutPaymentMethod: boolean } | { ok: false; code: 'NO_TICKETS' | 'NO_PAYMENT_METHOD' } {
  if (state.tickets.length === 0) return { ok: false, code: 'NO_TICKETS' };
  if (maximumPrice(state) === 0) return { ok: true, withoutPaymentMethod: true };
  if (state.paymentMethods.length === 0) return { ok: false, code: 'NO_PAYMENT_METHOD' };
  return { ok: true, withoutPaymentMethod: false };
}

export function decide(command: EventsCommand, state: EventState, ctx: DecideContext): EventsEvent[] {
  const at = ctx.now.toISOString();
  const actor = ctx.userId ?? 'system';

  if (command.type === 'CreateEvent') {
    if (state.status === 'created') throw new DomainError('EVENT_EXISTS', m.exists, 409);
    const { eventId, ownerId, seed, ...details } = command.data;
    checkDetails(details);
    if (!seed) return [{ type: 'events.EventCreated', data: { eventId, ownerId, ...details, at } }];
    return decideSeed(eventId, { type: 'events.EventCreated', data: { eventId, ownerId, duplicatedFrom: seed.duplicatedFrom, ...details, at } }, seed, at);
  }
  // Deleting twice (a retry, two tabs) answers success without a second event.
  if (command.type === 'DeleteEvent' && state.status === 'created' && state.deletedAt) return [];

  const s = requireCreated(state);
  const eventId = s.id;
  const edits = ['UpdateEvent', 'ChangeCover', 'PublishEvent', 'AddTicketType', 'ChangeTicketType', 'RemoveTicketType', 'AddPaymentMethod', 'ChangePaymentMethod', 'RemovePaymentMethod'];
  if (edits.includes(command.type)) requireNotCancelled(s);

  switch (command.type) {
    case 'CancelEvent':
      if (s.cancelledAt) return [];
      if (!s.published) throw new DomainError('CANCEL_DRAFT', m.cancelDraft, 409);
      return [
        {
          type: 'events.EventCancelled',
          data: { eventId, eventCode: s.eventCode, eventName: s.eventName, ownerId: s.ownerId, team: teamOf(s), cancelledBy: actor, at },
        },
      ];
    case 'DeleteEvent':
      if (s.published) throw new DomainError('DELETE_PUBLISHED', m.deletePublished, 409);
      return [{ type: 'events.EventDeleted', data: { eventId, eventCode: s.eventCode, deletedBy: actor, at } }];
    case 'UpdateEvent':
      if (command.data.unpublish && s.published) throw new DomainError('NO_UNPUBLISH', m.noUnpublish, 409);
      return decideDetails(s, command.data.changes, at);
    case 'ChangeCover':
      if (s.coverUrl === command.data.coverUrl) return [];
      return [{ type: 'events.EventCoverChanged', data: { eventId, coverUrl: command.data.coverUrl, at } }];
    case 'PublishEvent': {
      // The edits first: the publish rules judge the event as it will be published.
      const edits = command.data.changes ? decideDetails(s, command.data.changes, at) : [];
      const p = apply(s, edits);
      // Publishing twice is a no-op, so a retried publish answers success.
      if (p.published) return edits;
      const check = publishCheck(p);
      if (!check.ok) {
        throw check.code === 'NO_TICKETS'
          ? new DomainError('NO_TICKETS', m.noTickets, 409)
          : new DomainError('NO_PAYMENT_METHOD', m.noPaymentMethod, 409);
      }
      return [
        ...edits,
        {
          type: 'events.EventPublished',
          data: {
            eventId,
            eventCode: p.eventCode,
            eventName: p.eventName,
            ownerId: p.ownerId,
            withoutPaymentMethod: check.withoutPaymentMethod,
            team: teamOf(p),
            at,
          },
        },
      ];
    }
    case 'AddTicketType': {
      const { ticketTypeId, ...fields } = command.data;
      const existing = s.tickets.find((t) => t.id === ticketTypeId);
      if (existing) throw new DomainError('TICKET_EXISTS', m.exists, 409);
      if (s.tickets.length >= MAX_TICKET_TYPES) throw new DomainError('TOO_MANY_TICKET_TYPES', m.tooManyTicketTypes, 409);
      checkTicket(fields, s.endDate);
      checkTicketName(s, fields.name, ticketTypeId);
      const events: EventsEvent[] = [{ type: 'events.TicketTypeAdded', data: { eventId, ticketTypeId, ...fields, at } }];
      const next = apply(s, events);
      checkSellable(next);
      return events;
    }
    case 'ChangeTicketType': {
      const ticket = s.tickets.find((t) => t.id === command.data.ticketTypeId);
      if (!ticket) throw new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
      const changes = changedOnly<TicketTypeFields>(ticket, command.data.changes);
      if (Object.keys(changes).length === 0) return [];
      checkTicket({ ...ticket, ...changes }, s.endDate);
      if (changes.name !== undefined) checkTicketName(s, changes.name, ticket.id);
      const events: EventsEvent[] = [{ type: 'events.TicketTypeChanged', data: { eventId, ticketTypeId: ticket.id, changes, at } }];
      const next = apply(s, events);
      checkSellable(next);
      return events;
    }
    case 'RemoveTicketType': {
      const ticket = s.tickets.find((t) => t.id === command.data.ticketTypeId);
      if (!ticket) throw new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
      const events: EventsEvent[] = [{ type: 'events.TicketTypeRemoved', data: { eventId, ticketTypeId: ticket.id, at } }];
      checkSellable(apply(s, events));
      return events;
    }
    case 'AddPaymentMethod': {
      const { paymentMethodId, method } = command.data;
      if (s.paymentMethods.some((p) => p.id === paymentMethodId)) throw new DomainError('PAYMENT_METHOD_EXISTS', m.exists, 409);
      if (SINGLE_KINDS.includes(method.kind) && s.paymentMethods.some((p) => p.method.kind === method.kind)) {
        throw new DomainError('PAYMENT_METHOD_DUPLICATE', m.paymentMethodDuplicate, 409);
      }
      return [{ type: 'events.PaymentMethodAdded', data: { eventId, paymentMethodId, method, at } }];
    }
    case 'ChangePaymentMethod': {
      const pm = s.paymentMethods.find((p) => p.id === command.data.paymentMethodId);
      if (!pm) throw new NotFoundError('PAYMENT_METHOD_NOT_FOUND', m.paymentMethodNotFound);
      const allowed = Object.keys(pm.method).filter((k) => k !== 'kind');
      const changes = Object.fromEntries(Object.entries(command.data.changes).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).some((k) => !allowed.includes(k))) {
        throw new DomainError('PAYMENT_METHOD_FIELDS', m.paymentMethodFields);
      }
      const method = { ...pm.method, ...changes } as PaymentMethodConfig;
      if (JSON.stringify(method) === JSON.stringify(pm.method)) return [];
      return [{ type: 'events.PaymentMethodChanged', data: { eventId, paymentMethodId: pm.id, method, at } }];
    }
    case 'RemovePaymentMethod': {
      const pm = s.paymentMethods.find((p) => p.id === command.data.paymentMethodId);
      if (!pm) throw new NotFoundError('PAYMENT_METHOD_NOT_FOUND', m.paymentMethodNotFound);
      const events: EventsEvent[] = [{ type: 'events.PaymentMethodRemoved', data: { eventId, paymentMethodId: pm.id, at } }];
      checkSellable(apply(s, events));
      return events;
    }
    case 'GrantCollaborator': {
      const { userId, module, role } = command.data;
      checkRole(module, role);
      checkGrant(s, actor, module, role);
      if (userId === s.ownerId) throw new DomainError('OWNER_IS_ADMINISTRATOR', m.ownerIsAdministrator, 409);
      if (s.members[userId]?.[module] === role) return [];
      return [
        {
          type: 'events.CollaboratorInvited',
          data: { eventId, eventName: s.eventName, inviteeUserId: userId, module, role, invitedBy: actor, invitationId: null, at },
        },
      ];
    }
    case 'InviteByEmail': {
      const { invitationId, emailHash, emailMasked, emailCipher, module, role } = command.data;
      checkRole(module, role);
      checkGrant(s, actor, module, role);
      const same = s.invitations.find((i) => i.emailHash === emailHash && i.module === module);
      if (same && same.role === role) return [];
      return [
        {
          type: 'events.CollaboratorInvitationPending',
          data: { eventId, eventName: s.eventName, invitationId, emailHash, emailMasked, emailCipher, module, role, invitedBy: actor, at },
        },
      ];
    }
    case 'CancelInvitation': {
      const { invitationId } = command.data;
      // Cancelling twice (a retry, or two organizers at once) answers success without a second event.
      if (s.cancelledInvitations.includes(invitationId)) return [];
      const invitation = s.invitations.find((i) => i.id === invitationId);
      if (!invitation) throw new NotFoundError('INVITATION_NOT_FOUND', m.invitationNotFound);
      const { emailMasked, module, role } = invitation;
      checkGrant(s, actor, module, role);
      return [{ type: 'events.CollaboratorInvitationCancelled', data: { eventId, invitationId, emailMasked, module, role, cancelledBy: actor, at } }];
    }
    case 'AcceptInvitation': {
      if (s.cancelledInvitations.includes(command.data.invitationId)) {
        throw new DomainError('INVITATION_CANCELLED', m.invitationCancelled, 409);
      }
      const invitation = s.invitations.find((i) => i.id === command.data.invitationId);
      if (!invitation) throw new NotFoundError('INVITATION_NOT_FOUND', m.invitationNotFound);
      if (invitation.emailHash !== command.data.emailHash) throw new ForbiddenError('INVITATION_OTHER_EMAIL', m.invitationOtherEmail);
      if (!command.data.emailVerified) throw new ForbiddenError('EMAIL_NOT_VERIFIED', m.invitationEmailNotVerified);
      if (command.data.userId === s.ownerId) throw new DomainError('OWNER_IS_ADMINISTRATOR', m.ownerIsAdministrator, 409);
      return [
        {
          type: 'events.CollaboratorInvited',
          data: {
            eventId,
            eventName: s.eventName,
            inviteeUserId: command.data.userId,
            module: invitation.module,
            role: invitation.role,
            invitedBy: invitation.invitedBy,
            invitationId: invitation.id,
            at,
          },
        },
      ];
    }
    case 'RemoveCollaborator': {
      const { userId } = command.data;
      if (userId === s.ownerId) throw new DomainError('OWNER_CANNOT_BE_REMOVED', m.ownerCannotBeRemoved, 409);
      const roles = s.members[userId];
      if (!roles || Object.keys(roles).length === 0) throw new NotFoundError('COLLABORATOR_NOT_FOUND', m.collaboratorNotFound);
      for (const [mod, role] of Object.entries(roles) as [ModuleName, RoleName][]) checkGrant(s, actor, mod, role);
      return [
        { type: 'events.CollaboratorRemoved', data: { eventId, userId, modules: Object.keys(roles) as ModuleName[], removedBy: actor, at } },
      ];
    }
  }
}

/** Collaborators holding a role in any module (owner excluded). */
function teamOf(s: CreatedEvent): string[] {
  return Object.entries(s.members)
    .filter(([userId, roles]) => userId !== s.ownerId && Object.keys(roles).length > 0)
    .map(([userId]) => userId);
}

/**
 * The access matrix's grant rule (src/domain/access/matrix.ts): the owner hands out anything; anyone else only roles
 * of a module where they hold a role that lists it, never ranked above their own. Also for withdrawing.
 */
function checkGrant(s: CreatedEvent, actor: string, module: ModuleName, role: RoleName): void {
  if (!mayGrant(rolesOf(s, actor), s.ownerId === actor, module, role)) throw new ForbiddenError('ROLE_GRANT_FORBIDDEN', m.grantForbidden);
}

/** Edits of the event's details: only the fields that change, checked as a whole. */
function decideDetails(s: CreatedEvent, requested: Partial<EventDetails>, at: string): EventsEvent[] {
  const changes = changedOnly<EventDetails>(s, requested);
  if (Object.keys(changes).length === 0) return [];
  const details = { ...pickDetails(s), ...changes };
  checkDetails(details);
  // Only when the end moves: an older event whose tickets sell later can still be renamed.
  if (changes.endDate && s.tickets.some((t) => sellsAfter(t, details.endDate))) throw new DomainError('TICKET_SALE_AFTER_EVENT', m.ticketsSaleAfterNewEnd, 409, { field: 'endDate' });
  if (s.published && changes.currency) throw new DomainError('CURRENCY_LOCKED', m.currencyLocked, 409, { field: 'currency' });
  return [{ type: 'events.EventDetailsChanged', data: { eventId: s.id, changes, at } }];
}

function checkRole(module: ModuleName, role: RoleName): void {
  if (!(MODULE_ROLES[module] as readonly string[] | undefined)?.includes(role)) {
    throw new DomainError('ROLE_NOT_IN_MODULE', m.roleNotInModule);
  }
}

export function pickDetails(s: CreatedEvent): EventDetails {
  // Spelled out (not picked by DETAIL_KEYS) so that the type checks it: a new detail is a compile error here.
  const { eventName, eventCode, description, venue, onlineUrl, startDate, endDate, timeZone, currency, capacity } = s;
  return { eventName, eventCode, description, venue, onlineUrl, startDate, endDate, timeZone, currency, capacity };
}

export const eventDecider: Decider<EventsCommand, EventsEvent, EventState> = { decide, evolve, initialState };

export const eventStreamId = (eventId: string) => `events-event-${eventId}`;
export const EVENT_CODE_SCOPE = 'events.code';
