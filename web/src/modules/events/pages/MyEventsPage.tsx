import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MY_EVENT_FILTERS } from '@contracts/events';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../accounts/api';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useMyEventsQuery } from '../api';
import { modulePath } from '../area/context';
import { EmptyState, EventStatusChip, PageHeader } from '../components/common';
import { EventCard, EventGrid, EventGridSkeleton } from '../components/EventCard';

/** /myevent/{filter?}: the user's events (own, of their teams and those they attend), filtered by state. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const raw = useParams().filter;
  const filter = (MY_EVENT_FILTERS as readonly string[]).includes(raw ?? '') ? raw! : 'all';
  const { data, error, isLoading } = useMyEventsQuery({ filter });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader
        title={t('events.mine.title')}
        subtitle={t('events.mine.subtitle')}
        actions={
          user && (
            <Button component={RouterLink} to={`/module/${user._id}/create`} variant="contained" startIcon={<AddIcon />}>
              {t('events.area.createEvent')}
            </Button>
          )
        }
      />
      <Tabs value={filter} onChange={(_e, v) => navigate(v === 'all' ? '/myevent' : `/myevent/${v}`)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }} aria-label={t('events.mine.filters')}>
        {MY_EVENT_FILTERS.map((f) => (
          <Tab key={f} value={f} label={t(`events.mine.filter_${f}`)} />
        ))}
      </Tabs>
      {error ? (
        <ErrorView {...describeError(error)} />
      ) : isLoading || !data ? (
        <EventGridSkeleton />
      ) : data.length === 0 ? (
        <EmptyState icon={<EventIcon />} title={t('events.mine.empty')} text={t('events.mine.emptyText')} />
      ) : (
        <EventGrid>
          {data.map((ev) => {
            const firstModule = ev.roles.store ? 'store' : Object.keys(ev.roles)[0] ?? 'store';
            // An event the user only attends leads to their tickets, not to its management.
            const attendOnly = Object.keys(ev.roles).length === 0;
            return (
              <EventCard
                key={ev._id}
                ev={ev}
                footer={
                  <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
                    <EventStatusChip published={ev.published} cancelled={!!ev.cancelled} />
                    {ev.owner && <Chip size="small" variant="outlined" label={t('events.team.owner')} />}
                    {ev.attending && <Chip size="small" color="success" variant="outlined" label={t('events.mine.attending')} />}
                    <Box sx={{ flex: 1 }} />
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={(e) => {
                        e.preventDefault();
                        e.stopPropagation();
                        navigate(attendOnly ? '/mytickets' : modulePath(ev.ownerId, ev.eventCode, firstModule));
                      }}
                      onMouseDown={(e) => e.stopPropagation()}
                    >
                      {attendOnly ? t('events.mine.myTickets') : t('events.mine.manage')}
                    </Button>
                  </Box>
                }
              />
            );
          })}
        </EventGrid>
      )}
    </Container>
  );
}
