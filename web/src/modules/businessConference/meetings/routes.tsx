import type { RouteObject } from 'react-router-dom';
import { requireUser } from '../../../app/guards';
import { withStrings } from '../../../i18n';

const page = <T,>(load: () => Promise<T>) => withStrings(['businessConference'], load);

/** Top-level routes of the meetings area (spec 2): /mymeetings and the virtual room /mymeetings/room/{meeting}. */
export const routes: RouteObject[] = [
  { path: 'mymeetings', loader: requireUser, lazy: page(() => import('./MyMeetingsPage')) },
  { path: 'mymeetings/room/:meeting', loader: requireUser, lazy: page(() => import('./MeetingRoomPage')) },
];
