import type { RouteObject } from 'react-router-dom';
import { requireAdmin } from '../../app/guards';
import { withStrings } from '../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['admin'], load);

/** Platform administration (guard: validateadmin). Grids and charts load only here (route-level splitting). */
export const routes: RouteObject[] = [
  {
    path: 'admin',
    loader: requireAdmin,
    lazy: page(() => import('./AdminLayout')),
    children: [
      { index: true, lazy: page(() => import('./AdminDashboardPage')) },
      { path: 'organizers', lazy: page(() => import('./OrganizersPage')) },
      { path: 'organizers/:id', lazy: page(() => import('./OrganizerEventsPage')) },
      { path: 'users', lazy: page(() => import('./UsersPage')) },
      { path: 'users/:id', lazy: page(() => import('./UserDetailPage')) },
      /** Ferias virtuales: the virtual-fair module's platform catalogue (Recinto, Stands, Auditorios, Sala de reuniones). */
      { path: 'virtualFair/:kind', lazy: withStrings(['admin', 'virtualFair'], () => import('../virtualFair/CatalogPage')) },
    ],
  },
];
