import { lazy } from 'react';
import { withStrings } from '../i18n';
import { routes as accountsRoutes } from './accounts/routes';
import { routes as adminRoutes } from './admin/routes';
import { routes as businessConferenceRoutes } from './businessConference/routes';
import { routes as chatRoutes } from './chat/routes';
import { routes as contactsRoutes } from './contacts/routes';
import { routes as eventsRoutes } from './events/routes';
import { routes as exhibitorRoutes } from './exhibitor/routes';
import type { WebModule } from './manifest';
import { routes as notificationsRoutes } from './notifications/routes';
import { routes as salesRoutes } from './sales/routes';

/**
 * Every module of the web app: the router and the shell's top bar are assembled from this list, the web twin
 * of src/modules/index.ts (docs/architecture.md, "Adding a module").
 */
export const webModules: WebModule[] = [
  { name: 'accounts', routes: accountsRoutes },
  { name: 'admin', routes: adminRoutes },
  { name: 'events', routes: eventsRoutes },
  { name: 'sales', routes: salesRoutes },
  { name: 'businessConference', routes: businessConferenceRoutes },
  { name: 'contacts', routes: contactsRoutes },
  { name: 'exhibitor', routes: exhibitorRoutes },
  {
    name: 'notifications',
    routes: notificationsRoutes,
    toolbar: lazy(withStrings(['notifications'], () => import('./notifications/NotificationsMenuSlot').then((m) => ({ default: m.NotificationsMenuSlot })))),
  },
  {
    name: 'chat',
    routes: chatRoutes,
    toolbar: lazy(withStrings(['chat'], () => import('./chat/ChatPanelSlot').then((m) => ({ default: m.ChatPanelSlot })))),
  },
];
