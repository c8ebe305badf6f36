import type { RouteObject } from 'react-router-dom';

/** Top-level routes (outside /module/...) of the business conference's agenda area. */
export const routes: RouteObject[] = [];
