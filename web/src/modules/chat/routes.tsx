import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';

/** /chat: the full-screen chat (signed-in users only). */
export const routes: RouteObject[] = [
  {
    path: 'chat',
    loader: requireUser,
    lazy: async () => ({ Component: (await import('./ChatPage')).default }),
  },
];
