import type { RouteObject } from 'react-router-dom';
import { routes as checkoutRoutes } from './checkout/routes';
import { routes as codesRoutes } from './codes/routes';
import { routes as doorRoutes } from './door/routes';

/**
 * Top-level routes of the store (sales) module: checkout, my tickets, the door, codes. Each area of the module
 * keeps its own list (./<area>/routes.tsx) and is added here once; pages of the module area
 * (/module/{client}/{event}/store/...) are in ./storePages.ts instead.
 */
export const routes: RouteObject[] = [...checkoutRoutes, ...codesRoutes, ...doorRoutes];
