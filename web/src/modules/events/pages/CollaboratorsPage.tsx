import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MODULE_ROLES, inviteCollaboratorRequestSchema, type ModuleName } from '@contracts/events';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Avatar } from '../../../components/Avatar';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog } from '../../../components/FormDialogActions';
import { useConfirmedAction, useNotify } from '../../../components/notify';
import { useCancelInvitationMutation, useCollaboratorsQuery, useInviteCollaboratorMutation, useRemoveCollaboratorMutation, useValidateRoleQuery } from '../api';
import { useModuleArea } from '../area/context';
import { EmptyState, PageHeader } from '../components/common';
import { zodFieldErrors, useFormErrors } from '../components/zodErrors';

const MODULES = Object.keys(MODULE_ROLES) as ModuleName[];

/**
 * /module/{userId}/users: the team of each event — invite by e-mail to a module with a role, list, remove, and
 * cancel pending invitations (their e-mailed link then grants nothing).
 */
export function Component() {
  const { t } = useTranslation();
  const { administrator, roleData, eventId: currentEvent } = useModuleArea();
  const { notify } = useNotify();
  const events = (roleData?.events ?? []).filter((e) => e.ownerId === administrator);
  const [eventId, setEventId] = useState(currentEvent ?? '');
  useEffect(() => {
    if (!eventId && events[0]) setEventId(events[0]._id);
  }, [events, eventId]);
  const { data, error, isFetching } = useCollaboratorsQuery(eventId, { skip: !eventId });
  // Who may only look at the team (a platform administrator, say) gets no invite form and no remove buttons;
  // the server refuses those commands anyway.
  const { currentData: access } = useValidateRoleQuery({ client: administrator, event: eventId }, { skip: !eventId });
  const canManage = !!access?.actions.includes('collaborator.manage');
  const [invite, inviteState] = useInviteCollaboratorMutation();
  const [remove] = useRemoveCollaboratorMutation();
  const [cancelInvitation, cancelState] = useCancelInvitationMutation();
  const [form, setForm] = useState({ email: '', module: 'store', role: 'register' });
  const { errors, setErrors, formRef, reject, saveFailed } = useFormErrors();
  const [removing, setRemoving, confirmRemove] = useConfirmedAction<{ userId: string; displayName: string }>();
  const [cancelling, setCancelling, confirmCancel] = useConfirmedAction<{ _id: string; emailMasked: string }>();

  if (roleData && events.length === 0) {
    return (
      <Box>
        <PageHeader title={t('events.team.title')} />
        <EmptyState icon={<GroupIcon />} title={t('events.team.noEvents')} text={t('events.team.noEventsText')} />
      </Box>
    );
  }

  const submit = async () => {
    const parsed = inviteCollaboratorRequestSchema.safeParse(form);
    if (!parsed.success) {
      reject(zodFieldErrors(parsed.error));
      return;
    }
    try {
      const r = await invite({ eventId, body: parsed.data }).unwrap();
      notify(r.data.status === 'granted' ? t('events.team.granted') : t('events.team.pending'), 'success');
      setForm((f) => ({ ...f, email: '' }));
    } catch (e) {
      saveFailed(e);
    }
  };

  const roles = MODULE_ROLES[form.module as ModuleName] ?? [];

  return (
    <Box sx={{ maxWidth: 980 }}>
      <PageHeader title={t('events.team.title')} subtitle={t('events.team.subtitle')} />
      <TextField select label={t('events.area.event')} value={eventId} onChange={(e) => setEventId(e.target.value)} sx={{ mb: 3, minWidth: 280, maxWidth: '100%' }} id="team-event">
        {events.map((e) => (
          <MenuItem key={e._id} value={e._id}>
            {e.eventName}
          </MenuItem>
        ))}
      </TextField>

      {canManage && !error && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            {t('events.team.invite')}
          </Typography>
          <Box
            component="form"
            ref={formRef}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'start' }}
          >
            <TextField
              id="team-email"
              label={t('events.team.email')}
              type="email"
              value={form.email}
              onChange={(e) => {
                setForm((f) => ({ ...f, email: e.target.value }));
                setErrors((x) => ({ ...x, email: undefined }));
              }}
              error={!!errors.email}
              helperText={errors.email}
              required
            />
            <TextField
              id="team-module"
              select
              label={t('events.area.module')}
              value={form.module}
              onChange={(e) => {
                const m = e.target.value as ModuleName;
                setForm((f) => ({ ...f, module: m, role: MODULE_ROLES[m][0] }));
              }}
              error={!!errors.module}
              helperText={errors.module}
            >
              {MODULES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`events.modules.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField id="team-role" select label={t('events.team.role')} value={form.role} onChange={(e) => setForm((f) => ({ ...f, role: e.target.value }))} error={!!errors.role} helperText={errors.role}>
              {roles.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`events.roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={inviteState.isLoading || !eventId} sx={{ height: 56 }} data-testid="team-invite">
              {t('events.team.send')}
            </Button>
          </Box>
        </Paper>
      )}

      {error ? (
        <ErrorView {...describeError(error)} />
      ) : (
        <Paper variant="outlined">
          {isFetching && <LinearProgress aria-label={t('common.loading')} />}
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, p: 2, pb: 0 }}>
            {t('events.team.members')}
          </Typography>
          <List>
            {(data?.data ?? []).map((c) => (
              <ListItem
                key={c.userId}
                secondaryAction={
                  !c.owner && canManage && (
                    <Tooltip title={t('events.team.remove')}>
                      <IconButton edge="end" aria-label={`${t('events.team.remove')} ${c.displayName}`} onClick={() => setRemoving(c)}>
                        <PersonRemoveIcon />
                      </IconButton>
                    </Tooltip>
                  )
                }
              >
                <ListItemAvatar>
                  <Avatar name={c.displayName} />
                </ListItemAvatar>
                <ListItemText
                  primary={c.displayName}
                  secondary={
                    <Box component="span" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                      <span style={{ marginRight: 8 }}>{c.email}</span>
                      {c.owner ? (
                        <Chip component="span" size="small" color="primary" label={t('events.team.owner')} />
                      ) : (
                        Object.entries(c.roles).map(([m, r]) => <Chip component="span" key={m} size="small" variant="outlined" label={`${t(`events.modules.${m}`)} · ${t(`events.roles.${r}`)}`} />)
                      )}
                    </Box>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
          {(data?.pending.length ?? 0) > 0 && (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, px: 2 }}>
                {t('events.team.pendingTitle')}
              </Typography>
              <List dense>
                {data!.pending.map((p) => (
                  <ListItem
                    key={p._id}
                    data-testid="team-pending"
                    secondaryAction={
                      canManage && (
                        <Tooltip title={t('events.team.cancelInvitation')}>
                          <IconButton edge="end" aria-label={`${t('events.team.cancelInvitation')} ${p.emailMasked}`} onClick={() => setCancelling(p)}>
                            <CancelScheduleSendIcon />
                          </IconButton>
                        </Tooltip>
                      )
                    }
                  >
                    <ListItemText
                      primary={p.emailMasked}
                      secondary={`${t(`events.modules.${p.module}`)} · ${t(`events.roles.${p.role}`)} · ${t('events.team.awaiting')}`}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Paper>
      )}

      <ConfirmDialog
        open={!!removing}
        onCancel={() => setRemoving(null)}
        titleId="team-remove-title"
        title={t('events.team.removeTitle')}
        text={t('events.team.removeText', { name: removing?.displayName })}
        onConfirm={() => void confirmRemove((c) => remove({ eventId, itemId: c.userId }).unwrap(), t('events.team.removed'))}
        submitLabel={t('events.team.remove')}
        danger
      />

      <ConfirmDialog
        open={!!cancelling}
        onCancel={() => setCancelling(null)}
        titleId="team-cancel-title"
        title={t('events.team.cancelInvitationTitle')}
        text={t('events.team.cancelInvitationText', { email: cancelling?.emailMasked })}
        onConfirm={() => void confirmCancel((p) => cancelInvitation({ eventId, itemId: p._id }).unwrap(), t('events.team.invitationCancelled'))}
        cancelLabel={t('events.team.keepInvitation')}
        submitLabel={t('events.team.cancelInvitation')}
        submitDisabled={cancelState.isLoading}
        submitTestId="team-cancel-confirm"
        danger
      />
    </Box>
  );
}
