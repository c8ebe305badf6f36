import type { Projection } from '../projection.js';
import { inflowReactor } from './inflow.js';
import { integrationProjection, webhookDispatcher } from './integration.js';
import { recordsProjection } from './records.js';

/** Read models of the contacts module. */
export const contactsProjections: Projection[] = [recordsProjection, inflowReactor, integrationProjection, webhookDispatcher];
