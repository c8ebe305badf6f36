/**
 * A participant of a business-conference round (stream `businessConference-participant-<id>`): an offerer, a
 * demander or both, with a company profile, answers to the round's custom fields, the organizer's decision and,
 * for offerers, products. The id is derived from the round and the user (participantIdFor), so a user has ONE
 * stream per round: two registrations at once meet on the same stream and the versioned append lets one win.
 * Pure: time, ids and the round's product deadline come in with the command.
 */
import { createHash } from 'node:crypto';
import { isValidRuc } from '../../contracts/ruc.js';
import { offers, type ParticipantStatus, type ParticipantType } from '../../contracts/businessConference-participants.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.participants;

export const participantStreamId = (participantId: string) => `businessConference-participant-${participantId}`;

/** The participant id of a user in a round: UUID-shaped, the same for every registration attempt. */
export function participantIdFor(roundId: string, userId: string): string {
  const h = createHash('sha256').update(`businessConference.participant:${roundId}:${userId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const MAX_PRODUCTS = 50;

export type Company = { name: string; ruc: string; sector: string; logoUrl: string | null; description: string };
export type ProductData = { name: string; description: string; sector: string; imageUrl: string | null };
export type Profile = { company: Company; contactName: string; phone: string | null; fields: Record<string, unknown> };

// ----- events ---------------------------------------------------------------------------------------------
type Ids = { participantId: string; roundId: string; eventId: string };

export type ParticipantRegistered = {
  type: 'businessConference.ParticipantRegistered';
  data: Ids & Profile & { userId: string; type: ParticipantType; email: string; at: string };
};
export type ParticipantProfileUpdated = { type: 'businessConference.ParticipantProfileUpdated'; data: Ids & Profile & { by: string; at: string } };
/** Grants the round-scoped role `type` to `userId` (src/projections/access/memberships.ts). */
export type ParticipantApproved = {
  type: 'businessConference.ParticipantApproved';
  data: Ids & { userId: string; participantType: ParticipantType; by: string; at: string };
};
/** Withdraws the round-scoped role, if it had been granted. */
export type ParticipantRejected = {
  type: 'businessConference.ParticipantRejected';
  data: Ids & { userId: string; participantType: ParticipantType; reason: string; by: string; at: string };
};
export type ProductAdded = { type: 'businessConference.ProductAdded'; data: Ids & ProductData & { productId: string; at: string } };
export type ProductUpdated = { type: 'businessConference.ProductUpdated'; data: Ids & ProductData & { productId: string; at: string } };
export type ProductRemoved = { type: 'businessConference.ProductRemoved'; data: Ids & { productId: string; at: string } };

export type ParticipantEvent =
  | ParticipantRegistered
  | ParticipantProfileUpdated
  | ParticipantApproved
  | ParticipantRejected
  | ProductAdded
  | ProductUpdated
  | ProductRemoved;

export const PARTICIPANT_EVENT_TYPES: ParticipantEvent['type'][] = [
  'businessConference.ParticipantRegistered',
  'businessConference.ParticipantProfileUpdated',
  'businessConference.ParticipantApproved',
  'businessConference.ParticipantRejected',
  'businessConference.ProductAdded',
  'businessConference.ProductUpdated',
  'businessConference.ProductRemoved',
];

// ----- commands -------------------------------------------------------------------------------------------
/** `productDeadline`: the round's (ISO instant or null); products change only before it. */
type Deadline = { productDeadline: string | null };

export type RegisterParticipant = {
  type: 'businessConference.RegisterParticipant';
  data: Ids & Profile & Deadline & { userId: string; participantType: ParticipantType; email: string; products: ProductData[] };
};
export type UpdateParticipantProfile = { type: 'businessConference.UpdateParticipantProfile'; data: Profile & { userId: string } };
export type DecideParticipant = { type: 'businessConference.DecideParticipant'; data: { decision: 'approve' | 'reject'; reason: string } };
export type AddProduct = { type: 'businessConference.AddProduct'; data: ProductData & Deadline & { userId: string } };
export type UpdateProduct = { type: 'businessConference.UpdateProduct'; data: ProductData & Deadline & { userId: string; productId: string } };
export type RemoveProduct = { type: 'businessConference.RemoveProduct'; data: Deadline & { userId: string; productId: string } };

export type ParticipantCommand = RegisterParticipant | UpdateParticipantProfile | DecideParticipant | AddProduct | UpdateProduct | RemoveProduct;

// ----- state ----------------------------------------------------------------------------------------------
export type ParticipantState =
  | { status: 'none' }
  | (Ids &
      Profile & {
        status: ParticipantStatus;
        userId: string;
        type: ParticipantType;
        email: string;
        products: Record<string, ProductData>;
      });

type Registered = Exclude<ParticipantState, { status: 'none' }>;

const notRegistered = () => new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);

function checkProfile(p: Profile) {
  // The contract validates the RUC already; the domain keeps the rule for any other caller.
  if (!isValidRuc(p.company.ruc)) throw new DomainError('INVALID_RUC', m.invalidRuc, 400, { field: 'company.ruc' });
}

/** Products change only before the round's deadline (spec 9: the notice about the deadline to upload products). */
function checkDeadline(d: Deadline, now: Date) {
  if (d.productDeadline && now.getTime() > Date.parse(d.productDeadline)) {
    const date = new Intl.DateTimeFormat('es-PE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Lima' }).format(new Date(d.productDeadline));
    throw new DomainError('PRODUCT_DEADLINE_PASSED', m.productDeadlinePassed.replace('{date}', date), 409);
  }
}

function owned(state: ParticipantState, userId: string): Registered {
  if (state.status === 'none') throw notRegistered();
  if (state.userId !== userId) throw new DomainError('NOT_YOUR_PARTICIPANT', m.notYours, 403);
  return state;
}

function offerer(state: Registered): Registered {
  if (!offers(state.type)) throw new DomainError('PRODUCTS_ONLY_OFFERERS', m.productsOnlyOfferers, 400);
  return state;
}

const ids = (s: Registered): Ids => ({ participantId: s.participantId, roundId: s.roundId, eventId: s.eventId });

export const participantDecider: Decider<ParticipantCommand, ParticipantEvent, ParticipantState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state, ctx: DecideContext): ParticipantEvent[] {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'businessConference.RegisterParticipant': {
        const d = command.data;
        if (state.status !== 'none') {
          throw new DomainError('ALREADY_REGISTERED', m.alreadyRegistered, 409, { participantId: state.participantId });
        }
        checkProfile(d);
        if (d.products.length && !offers(d.participantType)) throw new DomainError('PRODUCTS_ONLY_OFFERERS', m.productsOnlyOfferers, 400, { field: 'products' });
        if (d.products.length > MAX_PRODUCTS) throw new DomainError('TOO_MANY_PRODUCTS', m.tooManyProducts, 400, { field: 'products' });
        if (d.products.length) checkDeadline(d, ctx.now);
        const base: Ids = { participantId: d.participantId, roundId: d.roundId, eventId: d.eventId };
        return [
          {
            type: 'businessConference.ParticipantRegistered',
            data: {
              ...base,
              userId: d.userId,
              type: d.participantType,
              email: d.email,
              company: d.company,
              contactName: d.contactName,
              phone: d.phone,
              fields: d.fields,
              at,
            },
          },
          ...d.products.map((p): ProductAdded => ({ type: 'businessConference.ProductAdded', data: { ...base, productId: ctx.newId(), ...p, at } })),
        ];
      }
      case 'businessConference.UpdateParticipantProfile': {
        const s = owned(state, command.data.userId);
        const { userId, ...profile } = command.data;
        checkProfile(profile);
        return [{ type: 'businessConference.ParticipantProfileUpdated', data: { ...ids(s), ...profile, by: userId, at } }];
      }
      case 'businessConference.DecideParticipant': {
        if (state.status === 'none') throw notRegistered();
        const by = ctx.userId ?? 'system';
        if (command.data.decision === 'approve') {
          if (state.status === 'approved') return [];
          return [{ type: 'businessConference.ParticipantApproved', data: { ...ids(state), userId: state.userId, participantType: state.type, by, at } }];
        }
        if (state.status === 'rejected') return [];
        return [
          {
            type: 'businessConference.ParticipantRejected',
            data: { ...ids(state), userId: state.userId, participantType: state.type, reason: command.data.reason, by, at },
          },
        ];
      }
      case 'businessConference.AddProduct': {
        const s = offerer(owned(state, command.data.userId));
        checkDeadline(command.data, ctx.now);
        if (Object.keys(s.products).length >= MAX_PRODUCTS) throw new DomainError('TOO_MANY_PRODUCTS', m.tooManyProducts, 400);
        const { name, description, sector, imageUrl } = command.data;
        return [{ type: 'businessConference.ProductAdded', data: { ...ids(s), productId: ctx.newId(), name, description, sector, imageUrl, at } }];
      }
      case 'businessConference.UpdateProduct': {
        const s = offerer(owned(state, command.data.userId));
        const { productId, name, description, sector, imageUrl } = command.data;
        if (!s.products[productId]) throw new NotFoundError('PRODUCT_NOT_FOUND', m.productNotFound);
        checkDeadline(command.data, ctx.now);
        return [{ type: 'businessConference.ProductUpdated', data: { ...ids(s), productId, name, description, sector, imageUrl, at } }];
      }
      case 'businessConference.RemoveProduct': {
        const s = offerer(owned(state, command.data.userId));
        if (!s.products[command.data.productId]) return []; // removed already: a retry
        checkDeadline(command.data, ctx.now);
        return [{ type: 'businessConference.ProductRemoved', data: { ...ids(s), productId: command.data.productId, at } }];
      }
    }
  },

  evolve(state, event): ParticipantState {
    switch (event.type) {
      case 'businessConference.ParticipantRegistered': {
        const d = event.data;
        return {
          status: 'pending',
          participantId: d.participantId,
          roundId: d.roundId,
          eventId: d.eventId,
          userId: d.userId,
          type: d.type,
          email: d.email,
          company: d.company,
          contactName: d.contactName,
          phone: d.phone,
          fields: d.fields,
          products: {},
        };
      }
      case 'businessConference.ParticipantProfileUpdated': {
        if (state.status === 'none') return state;
        const { company, contactName, phone, fields } = event.data;
        return { ...state, company, contactName, phone, fields };
      }
      case 'businessConference.ParticipantApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'businessConference.ParticipantRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      case 'businessConference.ProductAdded':
      case 'businessConference.ProductUpdated': {
        if (state.status === 'none') return state;
        const { productId, name, description, sector, imageUrl } = event.data;
        return { ...state, products: { ...state.products, [productId]: { name, description, sector, imageUrl } } };
      }
      case 'businessConference.ProductRemoved': {
        if (state.status === 'none') return state;
        const { [event.data.productId]: _gone, ...rest } = state.products;
        return { ...state, products: rest };
      }
    }
  },
};
