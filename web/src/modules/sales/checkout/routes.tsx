import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['sales'], load);

/**
 * The buyer's pages (spec section 2, public event and tickets): resuming a reservation, paying it by card,
 * its confirmation, and the signed-in user's tickets. The ticket picker itself is embedded in /e/{eventCode}.
 */
export const routes: RouteObject[] = [
  { path: 'reservation/:reservation?', lazy: page(() => import('./ReservationPage')) },
  { path: 'reservationCulqi/:reservation?', lazy: page(() => import('./CulqiPage')) },
  { path: 'order/:id?/confirmation', lazy: page(() => import('./ConfirmationPage')) },
  { path: 'mytickets', loader: requireUser, lazy: page(() => import('../mytickets/MyTicketsPage')) },
  { path: 'mytickets/:transaction', loader: requireUser, lazy: page(() => import('../mytickets/MyOrderPage')) },
];
