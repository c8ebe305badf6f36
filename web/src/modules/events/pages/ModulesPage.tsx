import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventIcon from '@mui/icons-material/EventOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../../accounts/api';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useModulesQuery } from '../api';
import { modulePath } from '../area/context';
import { EmptyState, PageHeader } from '../components/common';

/** /module: the modules the user can enter and, per module, its events (GET modules/{userId}?fecthEvents=true). */
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
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {data.modules.map((m) => (
            <Paper key={m.module} variant="outlined" sx={{ overflow: 'hidden' }} data-testid={`module-${m.module}`}>
              <Box sx={{ px: 2.5, py: 1.75, bgcolor: 'rgba(238,105,50,0.08)', display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="h2" sx={{ fontWeight: 800, letterSpacing: 0.5, flex: 1 }}>
                  {t(`events.modules.${m.module}`)}
                </Typography>
                <Chip size="small" label={t('events.modulesPage.events', { count: m.events.length })} />
              </Box>
              <List component="div" dense disablePadding>
                {m.events.map((e) => (
                  <ListItemButton key={e._id} component={RouterLink} to={modulePath(e.ownerId, e.eventCode, m.module)} divider>
                    <ListItemText
                      primary={e.eventName}
                      secondary={`${e.eventCode} · ${t(`events.roles.${e.role}`)}`}
                      slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                    />
                    <Chip size="small" sx={{ mr: 1 }} label={e.published ? t('events.status.published') : t('events.status.draft')} color={e.published ? 'success' : 'default'} variant={e.published ? 'filled' : 'outlined'} />
                    <ChevronRightIcon color="action" />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          ))}
        </Box>
      )}
    </Container>
  );
}
