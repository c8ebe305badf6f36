import type { RouteObject } from 'react-router-dom';
import { withStrings } from '../../i18n';

/**
 * The contacts module's area, a child of the module area's layout (/module/:administrator, web/src/modules/events/
 * routes.tsx, where `contacts` is a reserved word standing in place of the event). The module has no routes of its
 * own outside that layout yet (/subscription/{contact} comes with campaigns).
 */
export const areaRoutes: RouteObject[] = [{ path: 'contacts/*', lazy: withStrings(['contacts', 'events'], () => import('./ContactsArea')) }];
export const routes: RouteObject[] = [];
