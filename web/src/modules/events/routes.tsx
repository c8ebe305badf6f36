import { data, type RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';
import { routes as adminRoutes } from '../admin/routes';

/** Reserved words of the module area whose modules are not part of this release: 404, never a placeholder. */
const NOT_BUILT_RESERVED = ['projects', 'contacts', 'mails', 'invoicing', 'filesBank', 'crm', 'sendWhatsApp'];
const notFound = () => {
  throw data({ messagePublic: undefined }, { status: 404 });
};

/**
 * Events module routes (mounted under the shell). The module area follows the spec's shape
 * /module/{administrator}/{event}/{module}/{page...}, where reserved words (create, editEvent, users,
 * settings, ...) stand in place of the event.
 */
export const routes: RouteObject[] = [
  { path: 'module', loader: requireUser, lazy: () => import('./pages/ModulesPage') },
  {
    path: 'module/:administrator',
    loader: requireUser,
    lazy: () => import('./area/ModuleArea'),
    children: [
      { index: true, lazy: () => import('./pages/ModulesRedirect') },
      { path: 'create', lazy: () => import('./pages/EventFormPage') },
      { path: 'editEvent/:event?', lazy: () => import('./pages/EventFormPage') },
      { path: 'users', lazy: () => import('./pages/CollaboratorsPage') },
      { path: 'users/user', lazy: () => import('./pages/CollaboratorsPage') },
      { path: 'settings', lazy: () => import('./pages/SettingsHomePage') },
      { path: 'settings/user', lazy: () => import('./pages/CollaboratorsPage') },
      ...NOT_BUILT_RESERVED.map((word) => ({ path: `${word}/*`, loader: notFound })),
      { path: ':event', lazy: () => import('./pages/EventIndexPage') },
      { path: ':event/:module/*', lazy: () => import('./pages/ModulePage') },
    ],
  },
  { path: 'confirm/invitation/:token', loader: requireUser, lazy: () => import('./pages/ConfirmInvitationPage') },
  { path: 'myevent/:filter?', loader: requireUser, lazy: () => import('./pages/MyEventsPage') },
  { path: 'searchEvent/:search?', lazy: () => import('./pages/SearchPage') },
  { path: 'e/:eventCode', lazy: () => import('./pages/PublicEventPage') },
  ...adminRoutes,
];
