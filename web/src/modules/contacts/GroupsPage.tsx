import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CustomField } from '@contracts/contacts';
import type { FilterCondition, FilterOperator, GroupFilter, GroupKind } from '@contracts/contacts-groups';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useCustomFieldsQuery } from './api';
import { fieldLabel, useContactsBase } from './common';
import { useCreateGroupMutation, useGroupsQuery, useUpdateGroupMutation } from './groupsApi';

const BASE_FIELDS = ['name', 'email', 'phone', 'consent.email', 'consent.whatsapp', 'source', 'createdAt'] as const;
const OPERATORS: FilterOperator[] = ['equals', 'notEquals', 'contains', 'isEmpty', 'isNotEmpty', 'gt', 'lt'];
const needsValue = (op: FilterOperator) => op !== 'isEmpty' && op !== 'isNotEmpty';

/** A filter as one readable line ("Consentimiento correo es Otorgado y Talla es M"). */
export function filterText(filter: GroupFilter | null, fields: CustomField[], t: (k: string, o?: Record<string, unknown>) => string): string {
  if (!filter) return '';
  return filter.conditions
    .map((c) => [fieldLabel(c.field, fields, t), t(`contacts.groups.op_${c.operator}`), needsValue(c.operator) ? String(c.value ?? '') : ''].filter(Boolean).join(' '))
    .join(t(filter.match === 'any' ? 'contacts.groups.joinAny' : 'contacts.groups.joinAll'));
}

/** The conditions of a saved filter: field, operator and value per row; all or any of them. */
export function FilterEditor({ value, onChange, fields }: { value: GroupFilter; onChange: (f: GroupFilter) => void; fields: CustomField[] }) {
  const { t } = useTranslation();
  const options = [...BASE_FIELDS, ...fields.map((f) => `fields.${f.key}`)];
  const set = (i: number, patch: Partial<FilterCondition>) => onChange({ ...value, conditions: value.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField select label={t('contacts.groups.match')} value={value.match} onChange={(e) => onChange({ ...value, match: e.target.value as 'all' | 'any' })} size="small" sx={{ maxWidth: 280 }}>
        <MenuItem value="all">{t('contacts.groups.matchAll')}</MenuItem>
        <MenuItem value="any">{t('contacts.groups.matchAny')}</MenuItem>
      </TextField>
      {value.conditions.map((c, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid={`filter-condition-${i}`}>
          <TextField select size="small" label={t('contacts.groups.field')} value={c.field} onChange={(e) => set(i, { field: e.target.value })} sx={{ minWidth: 190 }} slotProps={{ htmlInput: { 'data-testid': `filter-field-${i}` } }}>
            {options.map((f) => (
              <MenuItem key={f} value={f}>
                {fieldLabel(f, fields, t)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('contacts.groups.operator')} value={c.operator} onChange={(e) => set(i, { operator: e.target.value as FilterOperator })} sx={{ minWidth: 150 }}>
            {OPERATORS.map((op) => (
              <MenuItem key={op} value={op}>
                {t(`contacts.groups.op_${op}`)}
              </MenuItem>
            ))}
          </TextField>
          {needsValue(c.operator) && (
            <TextField
              size="small"
              label={t('contacts.groups.value')}
              value={c.value ?? ''}
              onChange={(e) => set(i, { value: e.target.value })}
              helperText={c.field.startsWith('consent.') ? t('contacts.groups.consentHelp') : c.field === 'createdAt' ? t('contacts.groups.dateHelp') : undefined}
              slotProps={{ htmlInput: { 'data-testid': `filter-value-${i}` } }}
            />
          )}
          <IconButton aria-label={t('contacts.groups.removeCondition')} onClick={() => onChange({ ...value, conditions: value.conditions.filter((_, j) => j !== i) })} disabled={value.conditions.length === 1}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => onChange({ ...value, conditions: [...value.conditions, { field: 'name', operator: 'contains', value: '' }] })} sx={{ justifySelf: 'start' }}>
        {t('contacts.groups.addCondition')}
      </Button>
    </Box>
  );
}

/** Creates a group (static or saved filter) or renames one / changes its filter. */
export function GroupDialog({ client, group, onClose }: { client: string; group?: { _id: string; name: string; kind: GroupKind; filter: GroupFilter | null }; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const { base } = useContactsBase();
  const fields = useCustomFieldsQuery({ client, entity: 'contact' });
  const [name, setName] = useState(group?.name ?? '');
  const [kind, setKind] = useState<GroupKind>(group?.kind ?? 'filter');
  const [filter, setFilter] = useState<GroupFilter>(group?.filter ?? { match: 'all', conditions: [{ field: 'consent.email', operator: 'equals', value: 'granted' }] });
  const [clientId] = useState(newClientId);
  const [create, creating] = useCreateGroupMutation();
  const [update, updating] = useUpdateGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = creating.isLoading || updating.isLoading;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    try {
      const f = kind === 'filter' ? filter : null;
      if (group) await update({ client, id: group._id, body: { name, filter: f } }).unwrap();
      else await create({ client, body: { clientId, name, kind, filter: f } }).unwrap();
      notify(t('contacts.groups.saved'), 'success');
      onClose();
      // A new group opens on its own page (members, "as of").
      if (!group) navigate(`${base}/group/${encodeURIComponent(clientId)}`);
    } catch (err) {
      setFailure(apiErrorMessage(err, t('contacts.form.saveFailed')));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="group-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="group-dialog-title">{t(group ? 'contacts.groups.edit' : 'contacts.groups.new')}</DialogTitle>
      <DialogContent>
        <Box component="form" id="group-form" onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField label={t('contacts.groups.name')} value={name} onChange={(e) => setName(e.target.value)} required slotProps={{ htmlInput: { 'data-testid': 'contacts-group-name', maxLength: 120 } }} />
          {!group && (
            <TextField select label={t('contacts.groups.kind')} value={kind} onChange={(e) => setKind(e.target.value as GroupKind)} slotProps={{ htmlInput: { 'data-testid': 'contacts-group-kind' } }}>
              <MenuItem value="filter">{t('contacts.groups.kind_filter')}</MenuItem>
              <MenuItem value="static">{t('contacts.groups.kind_static')}</MenuItem>
            </TextField>
          )}
          {kind === 'filter' && <FilterEditor value={filter} onChange={setFilter} fields={fields.data ?? []} />}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="group-form" busy={busy} submitLabel={t('contacts.form.save')} submitTestId="contacts-group-save" />
    </Dialog>
  );
}

/** `group`: the organizer's groups (static lists and saved filters) with their member counts. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { client, base } = useContactsBase();
  const groups = useGroupsQuery({ client });
  const fields = useCustomFieldsQuery({ client, entity: 'contact' });
  const [creating, setCreating] = useState(false);
  if (groups.error) return <ErrorView {...describeError(groups.error)} />;
  return (
    <>
      <PageHeader
        title={t('contacts.groups.title')}
        subtitle={t('contacts.groups.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="contacts-group-new">
            {t('contacts.groups.new')}
          </Button>
        }
      />
      <Paper variant="outlined">
        {!groups.data ? (
          <LinearProgress aria-label={t('common.loading')} />
        ) : groups.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('contacts.groups.empty')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table aria-label={t('contacts.groups.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('contacts.groups.name')}</TableCell>
                  <TableCell>{t('contacts.groups.kind')}</TableCell>
                  <TableCell>{t('contacts.groups.definition')}</TableCell>
                  <TableCell align="right">{t('contacts.groups.members')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.data.map((g) => (
                  <TableRow key={g._id}>
                    <TableCell>
                      <Link component={RouterLink} to={`${base}/group/${encodeURIComponent(g._id)}`} sx={{ fontWeight: 600 }}>
                        {g.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={t(`contacts.groups.kind_${g.kind}`)} />
                    </TableCell>
                    <TableCell>{g.kind === 'filter' ? filterText(g.filter, fields.data ?? [], t) : t('contacts.groups.staticText')}</TableCell>
                    <TableCell align="right">{g.members}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>
      {creating && <GroupDialog client={client} onClose={() => setCreating(false)} />}
    </>
  );
}
