import { registerEventsRoutes } from '../http/events/routes.js';
import { eventsProjections } from '../projections/events/index.js';
import { eventsJobs } from '../workers/events/index.js';
import { defineModule } from './manifest.js';

/** The organizer workspace: events, ticket types, payment methods, publishing, team, audit trail. */
export const eventsModule = defineModule({
  name: 'events',
  routes: registerEventsRoutes,
  projections: eventsProjections,
  jobs: eventsJobs,
  views: ['events_by_owner'],
  tables: ['events', 'event_ticket_types', 'event_payment_methods', 'event_members', 'event_invitations'],
});
