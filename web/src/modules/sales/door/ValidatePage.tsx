import EventIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { PageHeader } from '../../events/components/common';
import { useDoorEventsQuery, useDoorSummaryQuery } from './api';
import { CheckinPanel } from './CheckinPanel';

/** /tickets/validate: the events where the user may scan, to pick one. */
function ChooseEvent() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useDoorEventsQuery();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <>
      <PageHeader title={t('sales.door.validateTitle')} subtitle={t('sales.door.chooseEvent')} />
      {data.length === 0 ? (
        <Alert severity="info">
          {t('sales.door.noEvents')} {t('sales.door.noEventsHelp')}
        </Alert>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('sales.door.chooseEvent')}>
            {data.map((e) => (
              <ListItemButton key={e._id} component={RouterLink} to={`/tickets/validate/${encodeURIComponent(e.eventCode)}`} divider>
                <ListItemIcon>
                  <EventIcon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={e.eventName} secondary={e.published ? e.eventCode : `${e.eventCode} · ${t('sales.door.draft')}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}

/** /tickets/validate/{participant}: the scanner of one event. */
function Validate({ event }: { event: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useDoorSummaryQuery(event);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <>
      <PageHeader title={t('sales.door.validateTitle')} subtitle={`${data.event.eventName} · ${t('sales.door.validateSubtitle')}`} />
      <CheckinPanel eventId={data.event._id} />
    </>
  );
}

/**
 * /tickets/validate/{participant?} (spec section 2): the door. {participant} is the event the door validates at
 * (its eventCode or id), for team members with checkin.scan there; without it, the user picks one of their events.
 */
export function Component() {
  const participant = useParams().participant;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      {participant ? <Validate key={participant} event={participant} /> : <ChooseEvent />}
    </Container>
  );
}
