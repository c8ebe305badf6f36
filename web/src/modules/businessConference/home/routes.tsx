import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['businessConference'], load);

/** Top-level routes (outside /module/...) of the business conference's home area: /conference and the rounds' general rooms. */
export const routes: RouteObject[] = [
  { path: 'conference', loader: requireUser, lazy: page(() => import('./ConferencePage')) },
  { path: 'generalmeeting/:room?', loader: requireUser, lazy: page(() => import('./GeneralMeetingPage')) },
];
