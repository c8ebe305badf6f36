/**
 * The seat quota of one event (stream `sales-quota-<eventId>`): every hold of seats and every release, so the
 * count of seats taken per ticket type and in total is this stream folded.
 *
 * Why a stream of its own and not a counter row: the version-checked append IS the guard. Two reservations
 * decided on the same version cannot both append; the loser is decided again on the new state (handleCommand
 * retries; inside one process commands of one stream queue behind each other, so a hot event costs no failed
 * round trips there), which holds across API processes because the check is PostgreSQL's. It needs nothing
 * outside the event-store port (KurrentDB included), a rebuild gives the same counts, and every hold is in the
 * log. One stream per event is the contention point of a rush: each process keeps the folded state and reads
 * only the new tail (src/commands/sales/quota-state.ts), appending at that exact version.
 *
 * The per-type quantities and the event's capacity come in with the command (read from the events module just
 * before): capacity is a quota shared by the types (`sellableTotal` of the events decider).
 *
 * Holds count until released (expiry, cancellation, refund); a paid order's hold simply stays. An expired order
 * paid late is held again under the same order id (its earlier hold was released). Pure.
 */
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';

const m = messages.sales;

export const quotaStreamId = (eventId: string) => `sales-quota-${eventId}`;

export type HeldLine = { ticketTypeId: string; quantity: number };

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
/** Carries the order's priced lines so that a retried reservation can finish the order from this event alone. */
export type SeatsHeld = E<
  'sales.SeatsHeld',
  {
    eventId: string;
    orderId: string;
    buyerId: string | null;
    lines: { ticketTypeId: string; name: string; quantity: number; unitPrice: number; currency: string }[];
    holdUntil: string;
    at: string;
    /** The discount or invitation code the order used: one use of it while the hold lasts. */
    codeId?: string;
  }
>;
export type ReleaseReason = 'expired' | 'cancelled' | 'refunded';
export type SeatsReleased = E<'sales.SeatsReleased', { eventId: string; orderId: string; reason: ReleaseReason; at: string }>;
export type QuotaEvent = SeatsHeld | SeatsReleased;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type HoldSeats = C<
  'sales.HoldSeats',
  {
    eventId: string;
    orderId: string;
    buyerId: string | null;
    lines: SeatsHeld['data']['lines'];
    holdUntil: string;
    /** Quantity of each ticket type on sale (its own quota). */
    quantities: Record<string, number>;
    /** The event's capacity, shared by all types (null: only the types' own quantities). */
    capacity: number | null;
    /**
     * The code the order applies and its use limit (null: unlimited). Uses are counted here, beside the seats,
     * so the same version-checked append guards both: a code's last use cannot go to two orders.
     */
    code?: { codeId: string; maxUses: number | null } | null;
  }
>;
export type ReleaseSeats = C<'sales.ReleaseSeats', { eventId: string; orderId: string; reason: ReleaseReason }>;
export type QuotaCommand = HoldSeats | ReleaseSeats;

export interface QuotaState {
  /** Seats held per ticket type. */
  byType: Record<string, number>;
  total: number;
  /** Current holds by order id (released ones are dropped). */
  holds: Record<string, HeldLine[]>;
  /** Uses of each code: current holds made with it. */
  codeUses: Record<string, number>;
  /** The code of each current hold made with one, by order id. */
  holdCodes: Record<string, string>;
}

export const initialState = (): QuotaState => ({ byType: {}, total: 0, holds: {}, codeUses: {}, holdCodes: {} });

export function decide(command: QuotaCommand, state: QuotaState, ctx: { now: Date }): QuotaEvent[] {
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'sales.HoldSeats': {
      const { eventId, orderId, buyerId, lines, holdUntil, quantities, capacity, code } = command.data;
      if (state.holds[orderId]) return [];
      if (code && code.maxUses !== null && (state.codeUses[code.codeId] ?? 0) >= code.maxUses) {
        throw new DomainError('CODE_EXHAUSTED', messages.codes.exhausted, 409, { field: 'code' });
      }
      for (const l of lines) {
        const left = (quantities[l.ticketTypeId] ?? 0) - (state.byType[l.ticketTypeId] ?? 0);
        if (l.quantity > left) throw new DomainError('SOLD_OUT', m.soldOut(l.name), 409, { ticketTypeId: l.ticketTypeId, left: Math.max(0, left) });
      }
      const wanted = lines.reduce((sum, l) => sum + l.quantity, 0);
      if (capacity !== null && state.total + wanted > capacity) {
        // The shared capacity ran out: name the first line (the one the buyer reads first).
        throw new DomainError('SOLD_OUT', m.soldOut(lines[0].name), 409, { left: Math.max(0, capacity - state.total) });
      }
      return [{ type: 'sales.SeatsHeld', data: { eventId, orderId, buyerId, lines, holdUntil, at, ...(code ? { codeId: code.codeId } : {}) } }];
    }
    case 'sales.ReleaseSeats': {
      const { eventId, orderId, reason } = command.data;
      if (!state.holds[orderId]) return [];
      return [{ type: 'sales.SeatsReleased', data: { eventId, orderId, reason, at } }];
    }
  }
}

export function evolve(state: QuotaState, event: QuotaEvent): QuotaState {
  switch (event.type) {
    case 'sales.SeatsHeld': {
      const byType = { ...state.byType };
      let total = state.total;
      for (const l of event.data.lines) {
        byType[l.ticketTypeId] = (byType[l.ticketTypeId] ?? 0) + l.quantity;
        total += l.quantity;
      }
      const held = event.data.lines.map((l) => ({ ticketTypeId: l.ticketTypeId, quantity: l.quantity }));
      const next = { ...state, byType, total, holds: { ...state.holds, [event.data.orderId]: held } };
      const codeId = event.data.codeId;
      if (!codeId) return next;
      return {
        ...next,
        codeUses: { ...state.codeUses, [codeId]: (state.codeUses[codeId] ?? 0) + 1 },
        holdCodes: { ...state.holdCodes, [event.data.orderId]: codeId },
      };
    }
    case 'sales.SeatsReleased': {
      const held = state.holds[event.data.orderId];
      if (!held) return state;
      const byType = { ...state.byType };
      let total = state.total;
      for (const l of held) {
        byType[l.ticketTypeId] = (byType[l.ticketTypeId] ?? 0) - l.quantity;
        total -= l.quantity;
      }
      const { [event.data.orderId]: _gone, ...holds } = state.holds;
      const codeId = state.holdCodes[event.data.orderId];
      if (!codeId) return { ...state, byType, total, holds };
      // The released order gives its code's use back.
      const { [event.data.orderId]: _code, ...holdCodes } = state.holdCodes;
      return { ...state, byType, total, holds, codeUses: { ...state.codeUses, [codeId]: (state.codeUses[codeId] ?? 1) - 1 }, holdCodes };
    }
  }
}

export const quotaDecider: Decider<QuotaCommand, QuotaEvent, QuotaState> = { decide, evolve, initialState };
