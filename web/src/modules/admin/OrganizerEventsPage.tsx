import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import dayjs from '../../app/dayjs';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useAdminOrganizerEventsQuery } from './api';

/** /admin/organizers/:id: the events an organizer owns, each linked to its public page. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, isLoading } = useAdminOrganizerEventsQuery(id);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <>
      <PageHeader
        title={t('admin.organizerEvents.title', { name: data.organizer.displayName })}
        subtitle={data.organizer.email}
        actions={
          <Link component={RouterLink} to={`/admin/users/${encodeURIComponent(data.organizer.id)}`}>
            {t('admin.organizerEvents.account')}
          </Link>
        }
      />
      <Paper variant="outlined">
        {data.events.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2.5 }}>
            {t('admin.organizerEvents.none')}
          </Typography>
        ) : (
          <List aria-label={t('admin.organizerEvents.list')} sx={{ px: 2 }}>
            {data.events.map((e) => (
              <ListItem key={e.id} divider disableGutters secondaryAction={<Chip size="small" variant="outlined" color={e.published ? 'success' : 'default'} label={e.published ? t('admin.organizerEvents.published') : t('admin.organizerEvents.draft')} />}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/e/${encodeURIComponent(e.eventCode)}`} sx={{ fontWeight: 600 }}>
                      {e.eventName}
                    </Link>
                  }
                  secondary={`/e/${e.eventCode} · ${dayjs(e.startDate).format('DD/MM/YYYY HH:mm')}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}
