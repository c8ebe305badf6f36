import type { Projection } from '../projection.js';
import { ordersProjection } from './orders.js';

/** Read models of the sales module. */
export const salesProjections: Projection[] = [ordersProjection];
