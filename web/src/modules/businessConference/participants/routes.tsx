import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['businessConference'], load);

/**
 * Top-level routes of the participants area (spec 2): the public registration in a round by event code and BCCode
 * (signed in: sign-in first, then back), its confirmation and update pages, and the "already registered?" check.
 * One participant's company card (team and participants of the round). The static segments (confirmation, updated, validate) rank above the {BCCode}/{type} pattern.
 */
export const routes: RouteObject[] = [
  { path: ':eventCode/businessConference/confirmation/:register', loader: requireUser, lazy: page(() => import('./ConfirmationPage')) },
  { path: ':eventCode/businessConference/updated/:register', loader: requireUser, lazy: page(() => import('./ConfirmationPage')) },
  { path: ':eventCode/businessConference/validate/:businessConference/:type', loader: requireUser, lazy: page(() => import('./ValidatePage')) },
  { path: ':eventCode/businessConference/:BCCode/:type/participant/:idParticipant', loader: requireUser, lazy: page(() => import('./PublicParticipantPage')) },
  { path: ':eventCode/businessConference/:BCCode/:type', loader: requireUser, lazy: page(() => import('./RegisterPage')) },
  // {BCCode?} left out: the event's first round (the page answers 404 for anything but the three types).
  { path: ':eventCode/businessConference/:type', loader: requireUser, lazy: page(() => import('./RegisterPage')) },
];
