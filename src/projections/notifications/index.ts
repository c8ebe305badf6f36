import type { Projection } from '../projection.js';
import { notifierProjection } from './notifier.js';

/** Read models of the notifications module. */
export const notificationsProjections: Projection[] = [notifierProjection];
