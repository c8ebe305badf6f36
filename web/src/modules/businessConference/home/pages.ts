import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

/**
 * Pages of the home area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix.
 */
export const homePages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/settings/reminders': lazy(withStrings(['businessConference'], () => import('./RemindersPage'))),
};
