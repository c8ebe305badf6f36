import type { Projection } from '../projection.js';
import { adminAuditProjection } from './admin-audit.js';
import { usersProjection } from './users.js';

/** Read models of the accounts module. */
export const accountsProjections: Projection[] = [usersProjection, adminAuditProjection];
