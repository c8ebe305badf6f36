import type { HomeRoundDto } from '@contracts/businessConference-home';
import { modulePath } from '../../events/area/context';

/** Module-area pages of a participant, by role (access matrix: offer, demand, offer_demand). */
const CATALOGUE = { offer: '/offer/productCatalog', demand: '/demand/productCatalog', offer_demand: '/demand/products' } as const;
const SCHEDULES = { offer: '/offer/schedules', demand: '/demand/schedules', offer_demand: '/offer/schedules' } as const;

export function participantLinks(entry: HomeRoundDto): { catalogue: string; schedules: string } | null {
  if (!entry.event) return null;
  const base = (page: string) => modulePath(entry.event!.ownerId, entry.event!.eventCode, 'businessConference', page);
  return { catalogue: base(CATALOGUE[entry.participant.type]), schedules: base(SCHEDULES[entry.participant.type]) };
}

/** A virtual room is a page of the app (/mymeetings/room/{meeting}) or an external video link. */
export const isInternal = (room: string) => room.startsWith('/');

/** The general room of a round (/generalmeeting/{round}), for its approved participants and the event's team. */
export const generalMeetingPath = (roundId: string) => `/generalmeeting/${encodeURIComponent(roundId)}`;
