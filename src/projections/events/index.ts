import type { Projection } from '../projection.js';
import { eventsReadModels } from './read-models.js';

/** Read models of the events module. */
export const eventsProjections: Projection[] = [eventsReadModels];
