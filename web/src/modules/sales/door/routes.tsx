import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['sales'], load);

/**
 * The door (spec section 2, tickets): /tickets/validate/{participant?} — {participant} is the event (eventCode or
 * id) the door validates at — and /tickets/verify/{codeParticipant?} — {codeParticipant} is a ticket's code. For
 * team members with checkin.scan in the event (the server refuses the others).
 */
export const routes: RouteObject[] = [
  { path: 'tickets/validate/:participant?', loader: requireUser, lazy: page(() => import('./ValidatePage')) },
  { path: 'tickets/verify/:codeParticipant?', loader: requireUser, lazy: page(() => import('./VerifyPage')) },
  // Public: a ticket's holder (or anyone shown its QR) checks it is genuine; no personal data.
  { path: 'validateTicket/:code', lazy: page(() => import('./ValidateTicketPage')) },
];
