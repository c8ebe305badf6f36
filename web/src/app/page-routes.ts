import type { RouteObject } from 'react-router-dom';
import { withStrings } from '../i18n';
import { webModules } from '../modules';

/**
 * Every page route under the shell, without the catch-all 404 (router.tsx adds it last). Kept free of
 * components and browser globals: the build loads this file in Node to list the route patterns the server
 * answers 200 for (web/web-routes-plugin.ts -> web/dist/web-routes.json, read by src/http/web-routes.ts).
 */
export const pageRoutes: RouteObject[] = [
  { index: true, lazy: withStrings(['home'], () => import('../pages/HomePage')) },
  { path: 'confidentialityPolicy', lazy: withStrings(['legal'], () => import('../pages/PrivacyPage')) },
  { path: 'generalConditionsUtilization', lazy: withStrings(['legal'], () => import('../pages/TermsPage')) },
  { path: 'error/:status', lazy: () => import('../pages/ErrorRoutePage') },
  ...webModules.flatMap((m) => m.routes),
];

/** The full path patterns of a route tree ('/', '/e/:eventCode', '/module/:administrator/:event/:module/*'). */
export function routePatterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.path ? `${parent.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}` : parent || '/';
    const here = r.index || r.path ? [own] : [];
    return [...here, ...routePatterns(r.children ?? [], r.path ? own : parent)];
  });
}
