/**
 * A user's business-conference tour (spec 3 "Tour state: offer.module, demand.module, offer.productCatalogue";
 * spec 4 Tour), stream `businessConference-tour-<userId>`: which welcome dialogs and onboarding cards are still
 * to show. The tour is the user's, whichever round they take part in, so it shows once per role. Pure: time and
 * the user's participant roles come in.
 */
import { DEFAULT_TOUR, type TourFlags, type TourPatch } from '../../contracts/businessConference-home.js';
import type { ParticipantType } from '../../contracts/businessConference-participants.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.home;

export const tourStreamId = (userId: string) => `businessConference-tour-${userId}`;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type TourUpdated = E<'businessConference.TourUpdated', { userId: string; tour: TourPatch; at: string }>;
export type TourEvent = TourUpdated;

export type UpdateTour = E<'businessConference.UpdateTour', { userId: string; tour: TourPatch; roles: ParticipantType[] }>;
export type TourCommand = UpdateTour;

export type TourState = { tour: TourFlags };

export const initialState = (): TourState => ({ tour: structuredClone(DEFAULT_TOUR) });

/** The patch's flags that differ from the state (nothing: the command records nothing). */
function changes(state: TourFlags, patch: TourPatch): TourPatch {
  const out: TourPatch = {};
  if (patch.offer) {
    const offer: NonNullable<TourPatch['offer']> = {};
    if (patch.offer.module !== undefined && patch.offer.module !== state.offer.module) offer.module = patch.offer.module;
    if (patch.offer.productCatalogue !== undefined && patch.offer.productCatalogue !== state.offer.productCatalogue) offer.productCatalogue = patch.offer.productCatalogue;
    if (Object.keys(offer).length) out.offer = offer;
  }
  if (patch.demand?.module !== undefined && patch.demand.module !== state.demand.module) out.demand = { module: patch.demand.module };
  return out;
}

export function decide(command: TourCommand, state: TourState, ctx: DecideContext): TourEvent[] {
  const { userId, tour, roles } = command.data;
  if (!tour.offer && !tour.demand) throw new DomainError('TOUR_EMPTY', m.tourEmpty, 400, { field: 'tour' });
  // A user may only answer the tour of a side they take part in (offer_demand holds both).
  const offer = roles.some((r) => r === 'offer' || r === 'offer_demand');
  const demand = roles.some((r) => r === 'demand' || r === 'offer_demand');
  if ((tour.offer && !offer) || (tour.demand && !demand)) throw new DomainError('TOUR_ROLE_NOT_HELD', m.tourRoleNotHeld, 403);
  const changed = changes(state.tour, tour);
  if (!changed.offer && !changed.demand) return [];
  return [{ type: 'businessConference.TourUpdated', data: { userId, tour: changed, at: ctx.now.toISOString() } }];
}

export function applyTour(flags: TourFlags, patch: TourPatch): TourFlags {
  return {
    offer: { module: patch.offer?.module ?? flags.offer.module, productCatalogue: patch.offer?.productCatalogue ?? flags.offer.productCatalogue },
    demand: { module: patch.demand?.module ?? flags.demand.module },
  };
}

export function evolve(state: TourState, event: TourEvent): TourState {
  return { tour: applyTour(state.tour, event.data.tour) };
}

export const tourDecider: Decider<TourCommand, TourEvent, TourState> = { decide, evolve, initialState };
