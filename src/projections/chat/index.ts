import type { Projection } from '../projection.js';

/** Read models of the chat module. */
export const chatProjections: Projection[] = [];
