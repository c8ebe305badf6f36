import type { ComponentType, LazyExoticComponent } from 'react';
import { roundsPages } from './rounds/pages';
import { participantsPages } from './participants/pages';
import { meetingsPages } from './meetings/pages';
import { agendaPages } from './agenda/pages';
import { deskPages } from './desk/pages';
import { insightsPages } from './insights/pages';
import { homePages } from './home/pages';

/**
 * Pages of the business-conference module area (/module/{client}/{event}/businessConference/{page}) keyed by the
 * access matrix's page suffix. The drawer shows an item as built exactly when its page is in this map.
 */
export const conferencePages: Record<string, LazyExoticComponent<ComponentType>> = { ...roundsPages, ...participantsPages, ...meetingsPages, ...agendaPages, ...deskPages, ...insightsPages, ...homePages };
