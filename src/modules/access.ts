import { accessSocketModule } from '../http/access/socket.js';
import { accessProjections } from '../projections/access/index.js';
import { defineModule } from './manifest.js';

/**
 * Access control: the role and permission matrix (src/domain/access), the memberships read model and the
 * invitation claimer (src/projections/access), the guard used by defineRoute's `access` option and by socket
 * handlers (src/http/access). Fed by the events module's team events and the accounts' e-mail verification.
 */
export const accessModule = defineModule({
  name: 'access',
  sockets: accessSocketModule,
  projections: accessProjections,
  tables: ['access_events', 'access_memberships', 'access_invitations'],
});
