import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';

/** Authentication and account pages (spec section 2). */
export const routes: RouteObject[] = [
  { path: 'auth/sign-in/:redirect?', lazy: () => import('./SignInPage') },
  { path: 'auth/register', lazy: () => import('./RegisterPage') },
  { path: 'auth/password-reset/:token?', lazy: () => import('./PasswordResetPage') },
  { path: 'appControl/password-reset/:token?', lazy: () => import('./PasswordResetPage') },
  { path: 'auth/verify/:token?', lazy: () => import('./VerifyPage') },
  { path: 'confirm/account/:token?', lazy: () => import('./ConfirmAccountPage') },
  { path: 'appControl/requestAccountDelete', loader: requireUser, lazy: () => import('./RequestAccountDeletePage') },
  { path: 'appControl/deleteAccount/:token?', lazy: () => import('./DeleteAccountPage') },
  { path: 'settings/profile', loader: requireUser, lazy: () => import('./ProfilePage') },
];
