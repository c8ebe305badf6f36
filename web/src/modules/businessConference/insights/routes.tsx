import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

/** Top-level routes (outside /module/...) of the business conference's insights area. */
export const routes: RouteObject[] = [
  // The poll link sent after a meeting ({type}: offer or demand; {poll}: meeting id or signed token).
  {
    path: ':eventCode/businessConference/:BCCode/:type/poll/:poll',
    loader: requireUser,
    lazy: withStrings(['businessConference'], () => import('./PollLinkPage')),
  },
];
