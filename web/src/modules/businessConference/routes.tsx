import type { RouteObject } from 'react-router-dom';
import { routes as roundsRoutes } from './rounds/routes';
import { routes as participantsRoutes } from './participants/routes';
import { routes as meetingsRoutes } from './meetings/routes';
import { routes as agendaRoutes } from './agenda/routes';
import { routes as deskRoutes } from './desk/routes';
import { routes as insightsRoutes } from './insights/routes';
import { routes as homeRoutes } from './home/routes';

/**
 * Top-level routes of the business conference (public registration, /conference, /mymeetings, ...). Each area
 * keeps its own list (./<area>/routes.tsx); pages of the module area are in ./conferencePages.ts instead.
 */
export const routes: RouteObject[] = [...roundsRoutes, ...participantsRoutes, ...meetingsRoutes, ...agendaRoutes, ...deskRoutes, ...insightsRoutes, ...homeRoutes];
