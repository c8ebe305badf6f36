import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';
import { withStrings } from '../../i18n';

/** /notifications: the whole history of the signed-in user's notifications (linked from the menu's "Ver todas"). */
export const routes: RouteObject[] = [
  { path: 'notifications', loader: requireUser, lazy: withStrings(['notifications'], () => import('./NotificationsPage')) },
];
