import type { RouteObject } from 'react-router-dom';

/** Top-level routes (outside /module/...) of the business conference's desk area. */
export const routes: RouteObject[] = [];
