import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['businessConference'], load));

/**
 * Pages of the insights area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix: the organizer's answers (bcPoll) and report, the participant's polls per side.
 */
export const insightsPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/poll': page(() => import('./PollPage')),
  '/report': page(() => import('./ReportPage')),
  '/offer/poll': page(() => import('./MyPollsPage')),
  '/demand/poll': page(() => import('./MyPollsPage')),
};
