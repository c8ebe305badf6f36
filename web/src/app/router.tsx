import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { withStrings } from '../i18n';
import { webModules } from '../modules';
import { Shell } from '../shell/Shell';

/**
 * Route table (spec section 2). Pages are lazy (route-level code splitting); each lazy module exports
 * `Component` (and optionally `loader`). Every module of web/src/modules/index.ts contributes its routes,
 * mounted under the shell; the catch-all 404 stays last.
 */
const moduleRoutes: RouteObject[] = webModules.flatMap((m) => m.routes);

function BootScreen() {
  return (
    <div role="status" aria-label="Aforo" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f6f7f9' }}>
      <img src="/favicon.svg" alt="" width={56} height={56} style={{ opacity: 0.9 }} />
    </div>
  );
}

/** Shell layout with a pathless child whose errorElement keeps errors of any page inside the shell. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <ErrorPage />,
    // First load of a guarded route waits for its loader (GET validate): show the brand, not a blank page.
    hydrateFallbackElement: <BootScreen />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: withStrings(['home'], () => import('../pages/HomePage')) },
          { path: 'confidentialityPolicy', lazy: withStrings(['legal'], () => import('../pages/PrivacyPage')) },
          { path: 'generalConditionsUtilization', lazy: withStrings(['legal'], () => import('../pages/TermsPage')) },
          { path: 'error/:status', lazy: () => import('../pages/ErrorRoutePage') },
          ...moduleRoutes,
          { path: '*', lazy: () => import('../pages/NotFoundPage') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);
