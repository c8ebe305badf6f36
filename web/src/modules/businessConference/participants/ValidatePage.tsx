import LinearProgress from '@mui/material/LinearProgress';
import { PARTICIPANT_TYPES, type ParticipantType } from '@contracts/businessConference-participants';
import { Navigate, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useBcpMyRegistrationQuery } from './api';

/**
 * /{eventCode}/businessConference/validate/{businessConference}/{type}: whether the signed-in user is already
 * registered in the round. Either way they land on the round's registration page, which shows their existing
 * registration to edit, or the empty form of the requested type.
 */
export function Component() {
  const { t } = useTranslation();
  const { eventCode = '', businessConference = '', type = '' } = useParams();
  const { data, error } = useBcpMyRegistrationQuery(businessConference, { skip: !businessConference, refetchOnMountOrArgChange: true });
  if (!PARTICIPANT_TYPES.includes(type as ParticipantType)) return <ErrorView status={404} />;
  if (error) return <ErrorView {...describeError(error)} />;
  if (!data) return <LinearProgress aria-label={t('businessConference.participants.loading')} />;
  const to = `/${encodeURIComponent(eventCode)}/businessConference/${encodeURIComponent(data.round.code)}/${data.participant?.type ?? type}`;
  return <Navigate to={to} replace />;
}
