import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['businessConference'], load));

/**
 * Pages of the agenda area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix: the organizer's agenda and the floor.
 */
export const agendaPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/agend': page(() => import('./AgendPage')),
  '/room': page(() => import('./RoomPage')),
};
