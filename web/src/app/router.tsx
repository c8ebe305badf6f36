import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { routes as chatRoutes } from '../modules/chat/routes';
import { routes as eventsRoutes } from '../modules/events/routes';
import { routes as notificationsRoutes } from '../modules/notifications/routes';
import { Shell } from '../shell/Shell';
import { requireUser } from './guards';

/**
 * Route table (spec section 2). Pages are lazy (route-level code splitting); each lazy module exports
 * `Component` (and optionally `loader`). Modules contribute their own routes from modules/<name>/routes.tsx.
 */
const accountRoutes: RouteObject[] = [
  { path: 'auth/sign-in/:redirect?', lazy: () => import('../modules/accounts/SignInPage') },
  { path: 'auth/register', lazy: () => import('../modules/accounts/RegisterPage') },
  { path: 'auth/password-reset/:token?', lazy: () => import('../modules/accounts/PasswordResetPage') },
  { path: 'appControl/password-reset/:token?', lazy: () => import('../modules/accounts/PasswordResetPage') },
  { path: 'auth/verify/:token?', lazy: () => import('../modules/accounts/VerifyPage') },
  { path: 'confirm/account/:token?', lazy: () => import('../modules/accounts/ConfirmAccountPage') },
  { path: 'appControl/requestAccountDelete', loader: requireUser, lazy: () => import('../modules/accounts/RequestAccountDeletePage') },
  { path: 'appControl/deleteAccount/:token?', lazy: () => import('../modules/accounts/DeleteAccountPage') },
  { path: 'settings/profile', loader: requireUser, lazy: () => import('../modules/accounts/ProfilePage') },
];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <ErrorPage />,
    children: [
      {
        // Pathless layout: errors of any page render inside the shell.
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: () => import('../pages/HomePage') },
          { path: 'confidentialityPolicy', lazy: () => import('../pages/PrivacyPage') },
          { path: 'generalConditionsUtilization', lazy: () => import('../pages/TermsPage') },
          { path: 'error/:status', lazy: () => import('../pages/ErrorRoutePage') },
          ...accountRoutes,
          ...eventsRoutes,
          ...chatRoutes,
          ...notificationsRoutes,
          { path: '*', lazy: () => import('../pages/NotFoundPage') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);
