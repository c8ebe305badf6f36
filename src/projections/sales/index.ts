import type { Projection } from '../projection.js';
import { holdsProjection } from './holds.js';
import { ordersProjection } from './orders.js';
import { ticketsProjection } from './tickets.js';

/** Read models of the sales module. */
export const salesProjections: Projection[] = [ordersProjection, ticketsProjection, holdsProjection];
