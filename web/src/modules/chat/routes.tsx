import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../app/guards';
import { withStrings } from '../../i18n';

/** /chat: the full-screen chat (signed-in users only). */
export const routes: RouteObject[] = [
  {
    path: 'chat',
    loader: requireUser,
    lazy: withStrings(['chat'], async () => ({ Component: (await import('./ChatPage')).default })),
  },
];
