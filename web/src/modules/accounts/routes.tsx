import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';
import { withStrings } from '../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['auth'], load);

/** Authentication and account pages (spec section 2). */
export const routes: RouteObject[] = [
  { path: 'auth/sign-in/:redirect?', lazy: page(() => import('./SignInPage')) },
  { path: 'auth/register', lazy: page(() => import('./RegisterPage')) },
  { path: 'auth/password-reset/:token?', lazy: page(() => import('./PasswordResetPage')) },
  { path: 'appControl/password-reset/:token?', lazy: page(() => import('./PasswordResetPage')) },
  { path: 'auth/verify/:token?', lazy: page(() => import('./VerifyPage')) },
  { path: 'confirm/account/:token?', lazy: page(() => import('./ConfirmAccountPage')) },
  { path: 'confirm/mail/:token?', lazy: page(() => import('./ConfirmMailPage')) },
  { path: 'appControl/requestAccountDelete', loader: requireUser, lazy: page(() => import('./RequestAccountDeletePage')) },
  { path: 'appControl/deleteAccount/:token?', lazy: page(() => import('./DeleteAccountPage')) },
  { path: 'settings/profile', loader: requireUser, lazy: page(() => import('./ProfilePage')) },
];
