import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['businessConference'], load));

/**
 * Pages of the desk area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix: the live help desk and the check-in desk.
 */
export const deskPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/helpRequest': page(() => import('./HelpRequestPage')),
  '/registerAttendance': page(() => import('./RegisterAttendancePage')),
};
