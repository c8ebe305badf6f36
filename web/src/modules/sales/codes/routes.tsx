import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['sales'], load);

/**
 * Public pages of the codes area (spec section 2): a code entered for an event, a shared code link, an
 * invitation's reservation and its confirmation (both route families of the spec), and a company registration.
 */
export const routes: RouteObject[] = [
  { path: ':eventCode/register/cupon', lazy: page(() => import('./CuponPage')) },
  // Signed in: the company's contact names the tickets later from /mytickets/{order}.
  { path: ':eventCode/register/company', loader: requireUser, lazy: page(() => import('./CompanyPage')) },
  { path: 'validateCode/:code?', lazy: page(() => import('./CodeLinkPage')) },
  { path: 'e/:eventCode/invitation/:reservation?', lazy: page(() => import('./InvitationPage')) },
  // The spec's eventCode is optional here (/e/{eventCode?}/invitation/{reservation?}).
  { path: 'e/invitation/:reservation?', lazy: page(() => import('./InvitationPage')) },
  { path: 'registerinvitation/:reservation?', lazy: page(() => import('./InvitationPage')) },
  { path: 'invitation/confirmation/:id?', lazy: page(() => import('./InvitationConfirmationPage')) },
  { path: 'registerinvitation/confirmation/:id?', lazy: page(() => import('./InvitationConfirmationPage')) },
];
