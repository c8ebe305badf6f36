import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ContactDto } from '@contracts/contacts';
import type { GroupFilter } from '@contracts/contacts-groups';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { actionsColumn, GridSearchField, ServerDataGrid, useServerGridQuery } from '../../components/ServerDataGrid';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { usePageParam } from '../events/pages/pageMatch';
import { useCustomFieldsQuery } from './api';
import { useContactsBase, valueText } from './common';
import { filterText, GroupDialog } from './GroupsPage';
import { useChangeMembersMutation, useDeleteGroupMutation, useGroupAsOfQuery, useGroupDiffQuery, useGroupMembersQuery, useGroupQuery } from './groupsApi';

/** A datetime-local value (the browser's time zone) as an ISO instant, or null while incomplete. */
function instant(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * One group: its members (a server-side grid like the contacts'), "Ver como estaba el…" (the group folded from
 * its log up to a moment: name, filter and a static list's members) and the differences between two moments.
 */
export default function GroupDetailPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const { client, base } = useContactsBase();
  const id = usePageParam('id') ?? '';
  const group = useGroupQuery({ client, id });
  const fields = useCustomFieldsQuery({ client, entity: 'contact' });
  const { query: q, searchProps, models } = useServerGridQuery();
  const members = useGroupMembersQuery({ client, id, q });
  const [changeMembers] = useChangeMembersMutation();
  const [remove, removing] = useDeleteGroupMutation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [asOfLocal, setAsOfLocal] = useState('');
  const [fromLocal, setFromLocal] = useState('');
  const [toLocal, setToLocal] = useState('');
  const at = instant(asOfLocal);
  const from = instant(fromLocal);
  const to = instant(toLocal);
  const asOf = useGroupAsOfQuery({ client, id, at: at ?? '' }, { skip: !at });
  const diff = useGroupDiffQuery({ client, id, from: from ?? '', to: to ?? '' }, { skip: !from || !to });
  if (group.error) return <ErrorView {...describeError(group.error)} />;
  if (!group.data) return <LinearProgress aria-label={t('common.loading')} />;
  const g = group.data;
  const defs = fields.data ?? [];
  const describe = (kind: string, filter: GroupFilter | null) => (kind === 'filter' ? filterText(filter, defs, t) : t('contacts.groups.staticText'));

  const columns: GridColDef<ContactDto>[] = [
    {
      field: 'name',
      headerName: t('contacts.field.name'),
      flex: 1,
      minWidth: 160,
      renderCell: (p) => (
        <Link component={RouterLink} to={`${base}/contacts/${encodeURIComponent(p.row._id)}`} sx={{ fontWeight: 600 }}>
          {p.row.name}
        </Link>
      ),
    },
    ...(g.kind === 'static'
      ? [
          actionsColumn<ContactDto>(
            (p) => (
              <Tooltip title={t('contacts.groups.removeMember')}>
                <IconButton
                  size="small"
                  aria-label={t('contacts.groups.removeMemberNamed', { name: p.row.name })}
                  onClick={() =>
                    void changeMembers({ client, id, contactIds: [p.row._id], remove: true })
                      .unwrap()
                      .then(() => notify(t('contacts.groups.memberRemoved'), 'success'))
                      .catch((err: unknown) => notify(apiErrorMessage(err, t('contacts.form.saveFailed')), 'error'))
                  }
                >
                  <PersonRemoveIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
            60,
          ),
        ]
      : []),
    { field: 'email', headerName: t('contacts.field.email'), flex: 1, minWidth: 180 },
    { field: 'phone', headerName: t('contacts.field.phone'), width: 140 },
    { field: 'companyName', headerName: t('contacts.field.companyId'), flex: 1, minWidth: 140 },
  ];

  return (
    <>
      <PageHeader
        title={g.name}
        subtitle={`${t(`contacts.groups.kind_${g.kind}`)} · ${describe(g.kind, g.filter)}`}
        actions={
          <>
            <Button component={RouterLink} to={`${base}/group`} startIcon={<ArrowBackIcon />}>
              {t('contacts.groups.title')}
            </Button>
            <Button startIcon={<DeleteIcon />} color="error" onClick={() => setDeleting(true)}>
              {t('contacts.grid.delete')}
            </Button>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="contacts-group-edit">
              {t('contacts.grid.edit')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1.5, gridColumn: { md: '1 / -1' }, minWidth: 0 }} component="section" aria-label={t('contacts.groups.members')}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.groups.membersCount', { count: g.members })}
          </Typography>
          {g.kind === 'static' && g.members === 0 && <Alert severity="info" sx={{ mb: 1 }}>{t('contacts.groups.staticEmpty')}</Alert>}
          <GridSearchField {...searchProps} label={t('contacts.grid.search')} testId="group-members-search" sx={{ mb: 1.5, width: { xs: '100%', sm: 320 } }} />
          <ServerDataGrid models={models} data={members.data} isFetching={members.isFetching} columns={columns} label={t('contacts.groups.members')} getRowId={(r) => r._id} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('contacts.detail.asOfTitle')}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.detail.asOfTitle')}
          </Typography>
          <TextField
            id="group-as-of"
            type="datetime-local"
            label={t('contacts.detail.asOf')}
            value={asOfLocal}
            onChange={(e) => setAsOfLocal(e.target.value)}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'group-as-of' } }}
          />
          {asOf.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mt: 1 }} />}
          {asOf.error && <Alert severity="error" sx={{ mt: 1 }}>{apiErrorMessage(asOf.error, t('contacts.detail.failed'))}</Alert>}
          {at && asOf.data && !asOf.isFetching && (
            <Box sx={{ mt: 1 }} data-testid="group-as-of-result">
              {asOf.data.group && asOf.data.exists ? (
                <>
                  <Typography sx={{ fontWeight: 600 }}>{asOf.data.group.name}</Typography>
                  <Typography color="text.secondary" variant="body2">
                    {describe(asOf.data.group.kind, asOf.data.group.filter)}
                  </Typography>
                  {asOf.data.group.kind === 'static' && (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      {t('contacts.groups.membersThen', { count: asOf.data.group.members.length })}
                      {asOf.data.group.members.length > 0 && `: ${asOf.data.group.members.map((m) => m.name).join(', ')}`}
                    </Typography>
                  )}
                  {asOf.data.group.kind === 'filter' && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {t('contacts.groups.filterThen')}
                    </Typography>
                  )}
                </>
              ) : (
                <Alert severity="info">{t(asOf.data.deleted ? 'contacts.detail.asOfDeleted' : 'contacts.detail.asOfMissing')}</Alert>
              )}
            </Box>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('contacts.detail.diffTitle')}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.detail.diffTitle')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField id="group-diff-from" type="datetime-local" label={t('contacts.detail.diffFrom')} value={fromLocal} onChange={(e) => setFromLocal(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} />
            <TextField id="group-diff-to" type="datetime-local" label={t('contacts.detail.diffTo')} value={toLocal} onChange={(e) => setToLocal(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} />
          </Box>
          {diff.error && <Alert severity="error" sx={{ mt: 1 }}>{apiErrorMessage(diff.error, t('contacts.detail.failed'))}</Alert>}
          {diff.data && from && to && (
            <Box sx={{ mt: 1 }} data-testid="group-diff-result">
              {diff.data.changes.length === 0 && diff.data.added.length === 0 && diff.data.removed.length === 0 && <Alert severity="info">{t('contacts.detail.noDiff')}</Alert>}
              {diff.data.changes.map((c) => (
                <Typography key={c.field} variant="body2">
                  {t(`contacts.groups.diff_${c.field}`)}: {c.field === 'filter' ? filterText(c.before as GroupFilter | null, defs, t) || '—' : valueText(c.before, t)} →{' '}
                  {c.field === 'filter' ? filterText(c.after as GroupFilter | null, defs, t) || '—' : valueText(c.after, t)}
                </Typography>
              ))}
              {diff.data.added.length > 0 && <Typography variant="body2">{t('contacts.groups.added', { names: diff.data.added.map((m) => m.name).join(', ') })}</Typography>}
              {diff.data.removed.length > 0 && <Typography variant="body2">{t('contacts.groups.removed', { names: diff.data.removed.map((m) => m.name).join(', ') })}</Typography>}
            </Box>
          )}
        </Paper>
      </Box>
      {editing && <GroupDialog client={client} group={g} onClose={() => setEditing(false)} />}
      {deleting && (
        <Dialog open onClose={removing.isLoading ? undefined : () => setDeleting(false)} aria-labelledby="group-delete-title">
          <DialogTitle id="group-delete-title">{t('contacts.groups.deleteTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('contacts.groups.deleteText', { name: g.name })}</DialogContentText>
          </DialogContent>
          <FormDialogActions
            onCancel={() => setDeleting(false)}
            onSubmit={() =>
              void remove({ client, id })
                .unwrap()
                .then(() => navigate(`${base}/group`))
                .catch((err: unknown) => notify(apiErrorMessage(err, t('contacts.delete.failed')), 'error'))
            }
            busy={removing.isLoading}
            danger
            submitLabel={t('contacts.delete.confirm')}
          />
        </Dialog>
      )}
    </>
  );
}
