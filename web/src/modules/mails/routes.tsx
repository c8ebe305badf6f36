import type { RouteObject } from 'react-router-dom';
import { withStrings } from '../../i18n';

/**
 * The mails module's area, a child of the module area's layout (/module/:administrator, web/src/modules/events/
 * routes.tsx, where `mails` is a reserved word standing in place of the event): the organizer's campaigns.
 */
export const areaRoutes: RouteObject[] = [{ path: 'mails/*', lazy: withStrings(['mails', 'contacts', 'events'], () => import('./MailsArea')) }];
