import type { RouteObject } from 'react-router-dom';
import { requireAdmin } from '../../app/guards';

/** Platform administration (guard: validateadmin). Grids and charts load only here (route-level splitting). */
export const routes: RouteObject[] = [
  {
    path: 'admin',
    loader: requireAdmin,
    lazy: () => import('./AdminLayout'),
    children: [
      { index: true, lazy: () => import('./AdminDashboardPage') },
      { path: 'organizers', lazy: () => import('./OrganizersPage') },
      { path: 'users', lazy: () => import('./UsersPage') },
    ],
  },
];
