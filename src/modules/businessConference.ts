import { registerRoundsRoutes } from '../http/businessConference/rounds-routes.js';
import { roundsProjections, roundsTables } from '../projections/businessConference/rounds-index.js';
import { roundsJobs } from '../workers/businessConference/rounds-jobs.js';
import { registerParticipantsRoutes } from '../http/businessConference/participants-routes.js';
import { participantsProjections, participantsTables } from '../projections/businessConference/participants-index.js';
import { participantsJobs } from '../workers/businessConference/participants-jobs.js';
import { registerMeetingsRoutes } from '../http/businessConference/meetings-routes.js';
import { meetingsProjections, meetingsTables } from '../projections/businessConference/meetings-index.js';
import { meetingsJobs } from '../workers/businessConference/meetings-jobs.js';
import { registerAgendaRoutes } from '../http/businessConference/agenda-routes.js';
import { agendaProjections, agendaTables } from '../projections/businessConference/agenda-index.js';
import { agendaJobs } from '../workers/businessConference/agenda-jobs.js';
import { registerDeskRoutes } from '../http/businessConference/desk-routes.js';
import { deskProjections, deskTables } from '../projections/businessConference/desk-index.js';
import { deskJobs } from '../workers/businessConference/desk-jobs.js';
import { registerInsightsRoutes } from '../http/businessConference/insights-routes.js';
import { insightsProjections, insightsTables } from '../projections/businessConference/insights-index.js';
import { insightsJobs } from '../workers/businessConference/insights-jobs.js';
import { registerHomeRoutes } from '../http/businessConference/home-routes.js';
import { homeProjections, homeTables } from '../projections/businessConference/home-index.js';
import { homeJobs } from '../workers/businessConference/home-jobs.js';
import { defineModule } from './manifest.js';

/**
 * The business conference (RUEDA DE NEGOCIOS, issue 21): rounds, participants, meetings, the agenda and its
 * scheduler, the help desk and the floor, polls and reports, the participant's home and tour. Each area keeps
 * its own routes, read models and jobs and is listed here once.
 */
export const businessConferenceModule = defineModule({
  name: 'businessConference',
  routes: (router, ctx) => {
    registerRoundsRoutes(router, ctx);
    registerParticipantsRoutes(router, ctx);
    registerMeetingsRoutes(router, ctx);
    registerAgendaRoutes(router, ctx);
    registerDeskRoutes(router, ctx);
    registerInsightsRoutes(router, ctx);
    registerHomeRoutes(router, ctx);
  },
  projections: [...roundsProjections, ...participantsProjections, ...meetingsProjections, ...agendaProjections, ...deskProjections, ...insightsProjections, ...homeProjections],
  jobs: [...roundsJobs, ...participantsJobs, ...meetingsJobs, ...agendaJobs, ...deskJobs, ...insightsJobs, ...homeJobs],
  tables: [...roundsTables, ...participantsTables, ...meetingsTables, ...agendaTables, ...deskTables, ...insightsTables, ...homeTables],
});
