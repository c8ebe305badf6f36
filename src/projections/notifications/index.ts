import type { Projection } from '../projection.js';
import { inboxProjection } from './inbox.js';
import { notifierProjection } from './notifier.js';

/** The notifications module: the notifier (a reactor recording its decisions) and the inbox read model. */
export const notificationsProjections: Projection[] = [notifierProjection, inboxProjection];
