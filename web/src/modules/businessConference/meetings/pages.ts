import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['businessConference'], load));

/**
 * Pages of the meetings area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix: the participant's schedules on each side (requests received and sent,
 * accepted meetings, unavailable slots, calendar link).
 */
export const meetingsPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/offer/schedules': page(() => import('./SchedulesPage').then((m) => ({ default: m.OfferSchedulesPage }))),
  '/demand/schedules': page(() => import('./SchedulesPage').then((m) => ({ default: m.DemandSchedulesPage }))),
  // One meeting's detail (ModulePage matches the ':id' segment).
  '/offer/schedules/:id': page(() => import('./MeetingDetailPage').then((m) => ({ default: m.OfferMeetingDetailPage }))),
  '/demand/schedules/:id': page(() => import('./MeetingDetailPage').then((m) => ({ default: m.DemandMeetingDetailPage }))),
};
