import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { ContactDto } from '@contracts/contacts';
import type { TaskDto } from '@contracts/contacts-groups';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { actionsColumn, GridSearchField, ServerDataGrid, useServerGridQuery } from '../../components/ServerDataGrid';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useRecordsQuery } from './api';
import { useContactsBase } from './common';
import { useCreateTaskMutation, useDeleteTaskMutation, useSetTaskDoneMutation, useTaskOwnersQuery, useTasksQuery, useUpdateTaskMutation } from './groupsApi';

/** An ISO instant as a datetime-local value in the browser's zone (to the minute). */
function localValue(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Creates or edits a follow-up: title, contact, owner (the organizer or the team) and due date. */
export function TaskDialog({ client, task, contact, onClose }: { client: string; task?: TaskDto; contact?: { _id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const owners = useTaskOwnersQuery({ client });
  const [title, setTitle] = useState(task?.title ?? '');
  const [picked, setPicked] = useState<{ _id: string; name: string } | null>(task?.contactId ? { _id: task.contactId, name: task.contactName ?? task.contactId } : (contact ?? null));
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const found = useRecordsQuery({ client, entity: 'contact', q: { page: 0, pageSize: 20, ...(debounced ? { search: debounced } : {}) } });
  const [ownerId, setOwnerId] = useState(task?.ownerId ?? client);
  const [due, setDue] = useState(task ? localValue(task.dueAt) : localValue(new Date(Date.now() + 24 * 3600_000).toISOString()));
  const [clientId] = useState(newClientId);
  const [create, creating] = useCreateTaskMutation();
  const [update, updating] = useUpdateTaskMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = creating.isLoading || updating.isLoading;
  const options = ((found.data?.rows ?? []) as ContactDto[]).map((c) => ({ _id: c._id, name: c.name }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const dueAt = new Date(due);
    if (Number.isNaN(dueAt.getTime())) return setFailure(t('contacts.tasks.dueRequired'));
    const body = { title, contactId: picked?._id ?? null, ownerId, dueAt: dueAt.toISOString() };
    try {
      if (task) await update({ client, id: task._id, body }).unwrap();
      else await create({ client, body: { ...body, clientId } }).unwrap();
      notify(t('contacts.tasks.saved'), 'success');
      onClose();
    } catch (err) {
      setFailure(apiErrorMessage(err, t('contacts.form.saveFailed')));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="task-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="task-dialog-title">{t(task ? 'contacts.tasks.edit' : 'contacts.tasks.new')}</DialogTitle>
      <DialogContent>
        <Box component="form" id="task-form" onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField label={t('contacts.tasks.title_')} value={title} onChange={(e) => setTitle(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'task-title' } }} />
          <Autocomplete
            options={picked && !options.some((o) => o._id === picked._id) ? [picked, ...options] : options}
            value={picked}
            onChange={(_e, v) => setPicked(v)}
            onInputChange={(_e, v) => setSearch(v)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a._id === b._id}
            filterOptions={(x) => x}
            noOptionsText={t('contacts.tasks.noContacts')}
            renderInput={(params) => <TextField {...params} label={t('contacts.tasks.contact')} />}
          />
          <TextField select label={t('contacts.tasks.owner')} value={ownerId} onChange={(e) => setOwnerId(e.target.value)}>
            {(owners.data ?? [{ _id: client, name: '…' }]).map((o) => (
              <MenuItem key={o._id} value={o._id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField type="datetime-local" label={t('contacts.tasks.due')} value={due} onChange={(e) => setDue(e.target.value)} required slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'task-due' } }} helperText={t('contacts.tasks.dueHelp')} />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="task-form" busy={busy} submitLabel={t('contacts.form.save')} submitTestId="task-save" />
    </Dialog>
  );
}

/** The tasks grid (all the organizer's, or one contact's): done checkbox, edit, delete. */
export function TasksGrid({ contact }: { contact?: { _id: string; name: string } }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { client, base } = useContactsBase();
  const { query: q, searchProps, models } = useServerGridQuery();
  const tasks = useTasksQuery({ client, q, contactId: contact?._id });
  const [setDone] = useSetTaskDoneMutation();
  const [remove] = useDeleteTaskMutation();
  const [editing, setEditing] = useState<TaskDto | 'new' | null>(null);
  if (tasks.error) return <ErrorView {...describeError(tasks.error)} />;
  const fail = (err: unknown) => notify(apiErrorMessage(err, t('contacts.form.saveFailed')), 'error');
  const columns: GridColDef<TaskDto>[] = [
    {
      field: 'done',
      headerName: t('contacts.tasks.done'),
      width: 90,
      type: 'boolean',
      renderCell: (p) => (
        <Checkbox checked={p.row.done} onChange={(e) => void setDone({ client, id: p.row._id, done: e.target.checked }).unwrap().catch(fail)} slotProps={{ input: { 'aria-label': t('contacts.tasks.doneNamed', { title: p.row.title }) } }} />
      ),
    },
    { field: 'title', headerName: t('contacts.tasks.title_'), flex: 1, minWidth: 180 },
    actionsColumn<TaskDto>(
      (p) => (
        <Box sx={{ display: 'flex' }}>
          <Tooltip title={t('contacts.grid.edit')}>
            <IconButton size="small" aria-label={t('contacts.tasks.editNamed', { title: p.row.title })} onClick={() => setEditing(p.row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contacts.grid.delete')}>
            <IconButton size="small" aria-label={t('contacts.tasks.deleteNamed', { title: p.row.title })} onClick={() => void remove({ client, id: p.row._id }).unwrap().catch(fail)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
      90,
    ),
    { field: 'dueAt', headerName: t('contacts.tasks.due'), width: 170, type: 'dateTime', valueGetter: (v) => new Date(v as string), valueFormatter: (v: Date) => v.toLocaleString('es-PE') },
    ...(contact
      ? []
      : [
          {
            field: 'contactName',
            headerName: t('contacts.tasks.contact'),
            flex: 1,
            minWidth: 150,
            renderCell: (p) =>
              p.row.contactId && p.row.contactName ? (
                <Link component={RouterLink} to={`${base}/contacts/${encodeURIComponent(p.row.contactId)}`}>
                  {p.row.contactName}
                </Link>
              ) : (
                '—'
              ),
          } satisfies GridColDef<TaskDto>,
        ]),
    { field: 'ownerName', headerName: t('contacts.tasks.owner'), width: 170, sortable: false, filterable: false },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <GridSearchField {...searchProps} label={t('contacts.grid.search')} testId="tasks-search" sx={{ width: { xs: '100%', sm: 320 } }} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="task-new">
          {t('contacts.tasks.new')}
        </Button>
      </Box>
      <ServerDataGrid models={models} data={tasks.data} isFetching={tasks.isFetching} columns={columns} label={t('contacts.tasks.title')} getRowId={(r) => r._id} />
      {editing && <TaskDialog client={client} task={editing === 'new' ? undefined : editing} contact={contact} onClose={() => setEditing(null)} />}
    </>
  );
}

/** `task`: the organizer's follow-ups, soonest due first; the owner is reminded when one falls due. */
export default function TasksPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('contacts.tasks.title')} subtitle={t('contacts.tasks.subtitle')} />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <TasksGrid />
      </Paper>
    </>
  );
}
