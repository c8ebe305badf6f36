import type { RouteObject } from 'react-router-dom';

/**
 * This module's routes, mounted by web/src/app/router.tsx under the shell layout. Use `lazy` for code
 * splitting, `requireUser` (web/src/app/guards.ts) as loader on protected routes, and `ErrorPage`
 * (web/src/components/ErrorPage.tsx) as errorElement where a route needs its own.
 */
export const routes: RouteObject[] = [];
