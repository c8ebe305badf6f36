import { accountsProjections } from './accounts/index.js';
import { eventsProjections } from './events/index.js';
import { chatProjections } from './chat/index.js';
import { notificationsProjections } from './notifications/index.js';
import type { Projection } from './projection.js';

export const projections: Projection[] = [
  ...accountsProjections,
  ...eventsProjections,
  ...chatProjections,
  ...notificationsProjections,
];
