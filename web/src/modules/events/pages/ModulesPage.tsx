import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContactsIcon from '@mui/icons-material/ContactsOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../../accounts/api';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useModulesQuery } from '../api';
import { modulePath } from '../area/context';
import { EmptyState, EventStatusChip, PageHeader } from '../components/common';

/** /module: the user's events, each once, with the modules the user can enter in it (GET modules/{userId}?fecthEvents=true). */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data, error, isLoading } = useModulesQuery(user?._id ?? '', { skip: !user });
  if (!user) return null;
  const base = `/module/${encodeURIComponent(user._id)}`;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader
        title={t('events.modulesPage.title')}
        subtitle={t('events.modulesPage.subtitle')}
        actions={
          <>
            <Button component={RouterLink} to={`${base}/users`} startIcon={<GroupIcon />} variant="outlined">
              {t('events.modulesPage.team')}
            </Button>
            <Button component={RouterLink} to={`${base}/contacts`} startIcon={<ContactsIcon />} variant="outlined" data-testid="open-contacts">
              {t('events.menu.contacts')}
            </Button>
            <Button component={RouterLink} to={`${base}/settings`} startIcon={<SettingsIcon />} variant="outlined">
              {t('events.modules.settings')}
            </Button>
            <Button component={RouterLink} to={`${base}/create`} startIcon={<AddIcon />} variant="contained" data-testid="create-event">
              {t('events.area.createEvent')}
            </Button>
          </>
        }
      />
      {error ? (
        <ErrorView {...describeError(error)} />
      ) : isLoading || !data ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : data.events.length === 0 ? (
        <EmptyState
          icon={<EventIcon />}
          title={t('events.modulesPage.empty')}
          text={t('events.modulesPage.emptyText')}
          action={
            <Button component={RouterLink} to={`${base}/create`} startIcon={<AddIcon />} variant="contained">
              {t('events.area.createEvent')}
            </Button>
          }
        />
      ) : (
        // One row per event (an organizer's event is in every module: listed per module it showed five times),
        // with a link to each module the user may enter in it and the role held there.
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <List component="div" role="list" disablePadding aria-label={t('events.modulesPage.title')}>
            {data.events.map((e) => {
              const entries = data.modules.flatMap((m) => m.events.filter((x) => x._id === e._id).map((x) => ({ module: m.module, role: x.role })));
              return (
                <Box key={e._id} component="div" role="listitem" data-testid={`event-${e.eventCode}`} sx={{ px: 2.5, py: 1.75, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {e.eventName}
                    </Typography>
                    <EventStatusChip published={e.published} cancelled={!!e.cancelled} />
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {e.eventCode}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {entries.map(({ module, role }) => (
                      <Button
                        key={module}
                        size="small"
                        variant="outlined"
                        component={RouterLink}
                        to={modulePath(e.ownerId, e.eventCode, module)}
                        endIcon={<ChevronRightIcon />}
                        data-testid={`module-link-${module}`}
                        title={t(`events.roles.${role}`)}
                      >
                        {t(`events.modules.${module}`)}
                      </Button>
                    ))}
                  </Box>
                </Box>
              );
            })}
          </List>
        </Paper>
      )}
    </Container>
  );
}
