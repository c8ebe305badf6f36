import type { RouteObject } from 'react-router-dom';
import { withStrings } from '../../i18n';

/**
 * The contacts module's area, a child of the module area's layout (/module/:administrator, web/src/modules/events/
 * routes.tsx, where `contacts` is a reserved word standing in place of the event). The module has no routes of its
 * own outside that layout but the person's subscription page (/subscription/{contact}, no sign-in).
 */
export const areaRoutes: RouteObject[] = [{ path: 'contacts/*', lazy: withStrings(['contacts', 'events'], () => import('./ContactsArea')) }];
export const routes: RouteObject[] = [{ path: 'subscription/:contact', lazy: withStrings(['contacts'], () => import('./SubscriptionPage')) }];
