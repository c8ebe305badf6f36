import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { Shell } from '../shell/Shell';
import { pageRoutes } from './page-routes';

function BootScreen() {
  return (
    <div role="status" aria-label="Aforo" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f6f7f9' }}>
      <img src="/favicon.svg" alt="" width={56} height={56} style={{ opacity: 0.9 }} />
    </div>
  );
}

/**
 * Route table (spec section 2). Pages are lazy (route-level code splitting); each lazy module exports
 * `Component` (and optionally `loader`). The pages (./page-routes.ts: the shell's own and every module's of
 * web/src/modules/index.ts) are mounted under the shell; the catch-all 404 stays last.
 * Shell layout with a pathless child whose errorElement keeps errors of any page inside the shell.
 */
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
          ...pageRoutes,
          { path: '*', lazy: () => import('../pages/NotFoundPage') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);
