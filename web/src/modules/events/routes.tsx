import { data, type RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';
import { withStrings } from '../../i18n';
import { areaRoutes as contactsAreaRoutes } from '../contacts/routes';
import { areaRoutes as mailsAreaRoutes } from '../mails/routes';

/** Reserved words of the module area whose modules are not part of this release: 404, never a placeholder. */
const NOT_BUILT_RESERVED = ['projects', 'invoicing', 'filesBank', 'crm', 'sendWhatsApp'];
const page = <T,>(load: () => Promise<T>) => withStrings(['events'], load);
const notFound = () => {
  throw data({ messagePublic: undefined }, { status: 404 });
};

/**
 * Events module routes (mounted under the shell). The module area follows the spec's shape
 * /module/{administrator}/{event}/{module}/{page...}, where reserved words (create, editEvent, users,
 * settings, ...) stand in place of the event.
 */
export const routes: RouteObject[] = [
  { path: 'module', loader: requireUser, lazy: page(() => import('./pages/ModulesPage')) },
  {
    path: 'module/:administrator',
    loader: requireUser,
    lazy: page(() => import('./area/ModuleArea')),
    children: [
      { index: true, lazy: page(() => import('./pages/ModulesRedirect')) },
      { path: 'create', lazy: page(() => import('./pages/EventFormPage')) },
      { path: 'editEvent/:event?', lazy: page(() => import('./pages/EventFormPage')) },
      { path: 'users', lazy: page(() => import('./pages/CollaboratorsPage')) },
      { path: 'users/user', lazy: page(() => import('./pages/CollaboratorsPage')) },
      { path: 'settings', lazy: page(() => import('./pages/SettingsHomePage')) },
      { path: 'settings/user', lazy: page(() => import('./pages/CollaboratorsPage')) },
      // The contacts module of the administrator (web/src/modules/contacts).
      ...contactsAreaRoutes,
      // The mailing module of the administrator (web/src/modules/mails).
      ...mailsAreaRoutes,
      ...NOT_BUILT_RESERVED.map((word) => ({ path: `${word}/*`, loader: notFound })),
      { path: ':event', lazy: page(() => import('./pages/EventIndexPage')) },
      { path: ':event/:module/*', lazy: page(() => import('./pages/ModulePage')) },
    ],
  },
  { path: 'confirm/invitation/:token', loader: requireUser, lazy: page(() => import('./pages/ConfirmInvitationPage')) },
  { path: 'myevent/:filter?', loader: requireUser, lazy: page(() => import('./pages/MyEventsPage')) },
  { path: 'searchEvent/:search?', lazy: page(() => import('./pages/SearchPage')) },
  { path: 'e/:eventCode', lazy: page(() => import('./pages/PublicEventPage')) },
];
