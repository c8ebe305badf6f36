import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import dayjs from '../../app/dayjs';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../accounts/api';
import { PageHeader } from '../events/components/common';
import { availableActions, useAccountActions } from './AccountActions';
import { useAdminUserQuery } from './api';

/** /admin/users/:id: one account, the operator's actions and its "Actividad" (who did what, when). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const { data, error, isLoading } = useAdminUserQuery(id);
  const { ask, dialog } = useAccountActions();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <>
      <PageHeader
        title={data.displayName}
        subtitle={data.email}
        actions={availableActions(data, me?._id).map((action) => (
          <Button key={action} variant={action === 'suspend' || action === 'revoke' ? 'outlined' : 'contained'} color={action === 'suspend' || action === 'revoke' ? 'error' : 'primary'} onClick={() => ask(data, action)}>
            {t(`admin.actions.${action}.label`)}
          </Button>
        ))}
      />
      <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap' }}>
        {data.administrator && <Chip color="primary" label={t('admin.grid.administrator')} />}
        <Chip color={data.suspended ? 'error' : 'success'} variant="outlined" label={data.suspended ? t('admin.grid.suspended') : t('admin.grid.active')} />
        <Chip variant="outlined" label={data.emailVerified ? t('admin.user.verified') : t('admin.user.notVerified')} />
        <Chip variant="outlined" label={t('admin.user.since', { date: dayjs(data.createdAt).format('DD/MM/YYYY') })} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('admin.user.activity')}
        </Typography>
        {data.activity.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('admin.user.noActivity')}
          </Typography>
        ) : (
          <List data-testid="admin-activity">
            {data.activity.map((a) => (
              <ListItem key={a.id} disableGutters divider>
                <ListItemText
                  primary={t(`admin.user.actions.${a.action}`)}
                  secondary={t('admin.user.byAt', { by: a.by?.displayName ?? t('admin.user.system'), date: dayjs(a.at).format('DD/MM/YYYY HH:mm') })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      {dialog}
    </>
  );
}
