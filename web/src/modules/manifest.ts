import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * What one module adds to the web app: its routes (mounted under the shell) and, optionally, a control in the
 * top bar for signed-in users (lazy, so public pages stay light). The list is web/src/modules/index.ts.
 */
export interface WebModule {
  name: string;
  routes: RouteObject[];
  /** Shown in the top bar, in list order, only while a user is signed in. */
  toolbar?: LazyExoticComponent<ComponentType>;
}
