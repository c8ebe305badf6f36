import type { Projection } from '../projection.js';

/** Read models of the events module. */
export const eventsProjections: Projection[] = [];
