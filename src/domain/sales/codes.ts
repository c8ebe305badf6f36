/**
 * Discount and invitation codes of one event (stream `sales-codes-<eventId>`), and what a code does to an order.
 *
 * - Discount codes take a percentage or a fixed amount (minor units) off each ticket of the types they name (or of
 *   every type), never below 0.
 * - Invitation codes unlock hidden and invitation-only ticket types (the public page does not list them) and may
 *   make them free.
 * - Both have a use limit (orders), a validity window and an active flag. The text is unique within the event
 *   (compared upper-cased); every code also gets a random public token for its shareable link
 *   (/validateCode/{token}), so a link names the event without the code text being globally unique (which would
 *   let one organizer probe another's codes).
 *
 * The use limit is not counted here: uses are holds of seats, so they are counted on the event's quota stream
 * (./quota.ts), where the same version-checked append that guards seats guards uses. Pure.
 */
import { CURRENCY_PREFIX, type Currency, type TicketVisibility } from '../../contracts/events.js';
import { discountedUnitPrice, type CodeFields, type CodeKind, type DiscountType } from '../../contracts/sales-codes.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.codes;

export const codesStreamId = (eventId: string) => `sales-codes-${eventId}`;

export interface CodeState extends CodeFields {
  codeId: string;
  eventId: string;
  code: string;
  kind: CodeKind;
  token: string;
  createdAt: string;
  updatedAt: string;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CodeCreated = E<
  'sales.CodeCreated',
  CodeFields & { eventId: string; codeId: string; code: string; kind: CodeKind; token: string; by: string | null; at: string }
>;
export type CodeUpdated = E<'sales.CodeUpdated', CodeFields & { eventId: string; codeId: string; by: string | null; at: string }>;
export type CodesEvent = CodeCreated | CodeUpdated;

/** The event's ticket types as the codes need them (read from the events module before deciding). */
export type KnownTicketType = { ticketTypeId: string; visibility: TicketVisibility };

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CreateCode = C<
  'sales.CreateCode',
  { eventId: string; codeId: string; token: string; code: string; kind: CodeKind; fields: CodeFields; ticketTypes: KnownTicketType[] }
>;
export type UpdateCode = C<'sales.UpdateCode', { codeId: string; fields: CodeFields; ticketTypes: KnownTicketType[] }>;
export type CodesCommand = CreateCode | UpdateCode;

export interface CodesState {
  codes: Record<string, CodeState>;
  /** Upper-cased code text -> code id. */
  byText: Record<string, string>;
}

export const initialState = (): CodesState => ({ codes: {}, byText: {} });

/** The fields made consistent with the kind, or the first refusal. */
function checkFields(kind: CodeKind, f: CodeFields, ticketTypes: KnownTicketType[]): CodeFields {
  const known = new Set(ticketTypes.map((t) => t.ticketTypeId));
  const ticketTypeIds = [...new Set(f.ticketTypeIds)];
  if (ticketTypeIds.some((id) => !known.has(id))) throw new DomainError('UNKNOWN_TICKET_TYPE', m.unknownTicketType, 400, { field: 'ticketTypeIds' });
  if (f.validFrom && f.validUntil && Date.parse(f.validUntil) <= Date.parse(f.validFrom)) {
    throw new DomainError('CODE_WINDOW_ORDER', m.windowOrder, 400, { field: 'validUntil' });
  }
  if (kind === 'discount') {
    if (f.discountType === null) throw new DomainError('DISCOUNT_REQUIRED', m.discountRequired, 400, { field: 'discountType' });
    if (f.discountType === 'percentage' && f.percent === null) throw new DomainError('PERCENT_REQUIRED', m.percentRequired, 400, { field: 'percent' });
    if (f.discountType === 'fixed' && f.amount === null) throw new DomainError('AMOUNT_REQUIRED', m.amountRequired, 400, { field: 'amount' });
    return {
      ...f,
      ticketTypeIds,
      free: false,
      percent: f.discountType === 'percentage' ? f.percent : null,
      amount: f.discountType === 'fixed' ? f.amount : null,
    };
  }
  if (ticketTypeIds.length === 0) throw new DomainError('INVITATION_TYPES_REQUIRED', m.invitationTypesRequired, 400, { field: 'ticketTypeIds' });
  return { ...f, ticketTypeIds, discountType: null, percent: null, amount: null };
}

export function decide(command: CodesCommand, state: CodesState, ctx: DecideContext): CodesEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'sales.CreateCode': {
      const { eventId, codeId, token, code, kind, fields, ticketTypes } = command.data;
      const existing = state.byText[code];
      if (existing) {
        if (existing === codeId) return []; // a retry of the same creation
        throw new DomainError('CODE_TAKEN', m.codeTaken(code), 409, { field: 'code' });
      }
      const checked = checkFields(kind, fields, ticketTypes);
      return [{ type: 'sales.CodeCreated', data: { ...checked, eventId, codeId, code, kind, token, by, at } }];
    }
    case 'sales.UpdateCode': {
      const current = state.codes[command.data.codeId];
      if (!current) throw new NotFoundError('CODE_NOT_FOUND', m.codeNotFound);
      const checked = checkFields(current.kind, command.data.fields, command.data.ticketTypes);
      const same = (Object.keys(checked) as (keyof CodeFields)[]).every((k) => JSON.stringify(checked[k]) === JSON.stringify(current[k]));
      if (same) return [];
      return [{ type: 'sales.CodeUpdated', data: { ...checked, eventId: current.eventId, codeId: current.codeId, by, at } }];
    }
  }
}

export function evolve(state: CodesState, event: CodesEvent): CodesState {
  switch (event.type) {
    case 'sales.CodeCreated': {
      const { by: _by, at, ...rest } = event.data;
      return {
        codes: { ...state.codes, [rest.codeId]: { ...rest, createdAt: at, updatedAt: at } },
        byText: { ...state.byText, [rest.code]: rest.codeId },
      };
    }
    case 'sales.CodeUpdated': {
      const current = state.codes[event.data.codeId];
      if (!current) return state;
      const { by: _by, at, eventId: _e, codeId: _c, ...fields } = event.data;
      return { ...state, codes: { ...state.codes, [current.codeId]: { ...current, ...fields, updatedAt: at } } };
    }
  }
}

export const codesDecider: Decider<CodesCommand, CodesEvent, CodesState> = { decide, evolve, initialState };

// ---------------------------------------------------------------------------------------------------------
// Applying a code

/** A code as an order applies it: what priceLines and the quota's use guard need. */
export interface AppliedCode {
  codeId: string;
  code: string;
  kind: CodeKind;
  discountType: DiscountType | null;
  percent: number | null;
  amount: number | null;
  free: boolean;
  ticketTypeIds: string[];
  /** Orders that may use it (null: unlimited); checked on the quota stream. */
  maxUses: number | null;
}

/**
 * The code of `text` usable at `now`, or the buyer's refusal: unknown (also a deactivated one: nothing to learn
 * from it), not yet valid, expired. The use limit is checked where uses are counted (quota stream).
 */
export function usableCode(state: CodesState, text: string, now: Date): AppliedCode {
  const id = state.byText[text.trim().toUpperCase()];
  const c = id ? state.codes[id] : undefined;
  if (!c || !c.active) throw new NotFoundError('UNKNOWN_CODE', m.unknownCode);
  if (c.validFrom && now.getTime() < Date.parse(c.validFrom)) throw new DomainError('CODE_NOT_YET_VALID', m.notYetValid, 409);
  if (c.validUntil && now.getTime() >= Date.parse(c.validUntil)) throw new DomainError('CODE_EXPIRED', m.expired, 409);
  return toApplied(c);
}

export const toApplied = (c: CodeState): AppliedCode => ({
  codeId: c.codeId,
  code: c.code,
  kind: c.kind,
  discountType: c.discountType,
  percent: c.percent,
  amount: c.amount,
  free: c.free,
  ticketTypeIds: c.ticketTypeIds,
  maxUses: c.maxUses,
});

/** An invitation code lets the buyer pick the hidden or invitation-only types it names. */
export const codeUnlocks = (code: AppliedCode | null | undefined, ticketTypeId: string) => !!code && code.kind === 'invitation' && code.ticketTypeIds.includes(ticketTypeId);

/** Whether the code changes the price of (or admits to) this ticket type. */
export const codeAppliesTo = (code: AppliedCode, ticketTypeId: string) =>
  code.kind === 'invitation' ? code.ticketTypeIds.includes(ticketTypeId) : code.ticketTypeIds.length === 0 || code.ticketTypeIds.includes(ticketTypeId);

/**
 * One ticket's price with the code, in minor units. A percentage is rounded half up to the céntimo on the
 * discount (15 % of S/. 30.50 = 4.575 -> 4.58 off -> 25.92); a fixed amount comes off each ticket, never below 0.
 */
export function priceWithCode(code: AppliedCode, ticketTypeId: string, unitPrice: number): number {
  if (!codeAppliesTo(code, ticketTypeId)) return unitPrice;
  if (code.kind === 'invitation') return code.free ? 0 : unitPrice;
  return discountedUnitPrice(unitPrice, code);
}

/** The order's lines priced with the code; a code none of the lines can use is refused. */
export function applyCode<L extends { ticketTypeId: string; unitPrice: number }>(lines: L[], code: AppliedCode): L[] {
  if (!lines.some((l) => codeAppliesTo(code, l.ticketTypeId))) throw new DomainError('CODE_NOT_FOR_TICKETS', m.notForTickets, 409, { field: 'code' });
  return lines.map((l) => ({ ...l, unitPrice: priceWithCode(code, l.ticketTypeId, l.unitPrice) }));
}

const money = (minor: number, currency: Currency) => `${CURRENCY_PREFIX[currency]} ${(minor / 100).toFixed(2)}`;

/** What the code does, in the buyer's words ("15 % de descuento en General y VIP"). */
export function describeCode(code: AppliedCode, typeNames: Record<string, string>, currency: Currency): string {
  const names = code.ticketTypeIds.map((id) => typeNames[id]).filter(Boolean);
  const which = names.length ? m.onTypes(names) : m.onAllTypes;
  if (code.kind === 'invitation') return code.free ? m.invitationFree(names) : m.invitation(names);
  if (code.discountType === 'percentage') return m.percentOff(code.percent ?? 0, which);
  return m.amountOff(money(code.amount ?? 0, currency), which);
}
