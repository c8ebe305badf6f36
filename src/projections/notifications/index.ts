import type { Projection } from '../projection.js';

/** Read models of the notifications module. */
export const notificationsProjections: Projection[] = [];
