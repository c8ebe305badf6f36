import type { Projection } from '../projection.js';

/** Read models of the accounts module. */
export const accountsProjections: Projection[] = [];
