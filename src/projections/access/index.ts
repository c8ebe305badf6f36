import type { Projection } from '../projection.js';
import { invitationClaimer } from './claimer.js';
import { accessMemberships } from './memberships.js';

/** Read model and reactor of the access module. */
export const accessProjections: Projection[] = [accessMemberships, invitationClaimer];
