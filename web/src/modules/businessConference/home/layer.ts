import { lazy } from 'react';
import { withStrings } from '../../../i18n';

/** The participant's tour and help drawer, loaded with the module's strings (mounted by the module page). */
export const ConferenceLayer = lazy(withStrings(['businessConference'], () => import('./ParticipantLayer')));
