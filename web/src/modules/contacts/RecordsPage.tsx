import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import type { CompanyDto, ContactDto, RecordEntity } from '@contracts/contacts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { actionsColumn, GridSearchField, ServerDataGrid, useServerGridQuery } from '../../components/ServerDataGrid';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { exportUrl, useCustomFieldsQuery, useDeleteRecordMutation, useRecordsQuery } from './api';
import { CONTACT_SOURCES, entityPage, fieldText, useContactsBase } from './common';
import { AddToGroupButton } from './ContactExtras';
import { ImportDialog } from './ImportDialog';
import { RecordDialog } from './RecordDialog';

type Row = ContactDto | CompanyDto;

function DeleteDialog({ client, entity, record, onClose }: { client: string; entity: RecordEntity; record: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [remove, state] = useDeleteRecordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await remove({ client, entity, id: record._id }).unwrap();
      notify(t('contacts.delete.done'), 'success');
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, t('contacts.delete.failed')));
    }
  };
  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} aria-labelledby="record-delete-title">
      <DialogTitle id="record-delete-title">{t(`contacts.delete.title_${entity}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('contacts.delete.text', { name: record.name })}</DialogContentText>
        {failure && <DialogContentText sx={{ color: 'error.main', mt: 1 }}>{failure}</DialogContentText>}
      </DialogContent>
      <FormDialogActions onCancel={onClose} onSubmit={() => void confirm()} busy={state.isLoading} danger submitLabel={t('contacts.delete.confirm')} submitTestId="record-delete-confirm" />
    </Dialog>
  );
}

/** The grid of the organizer's contacts or companies: server-side paging, sorting, filter, search and CSV export. */
function RecordsPage({ entity }: { entity: RecordEntity }) {
  const { t } = useTranslation();
  const { client, base } = useContactsBase();
  const { query: q, searchProps, models } = useServerGridQuery();
  const fields = useCustomFieldsQuery({ client, entity });
  const { data, isFetching, error } = useRecordsQuery({ client, entity, q });
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const contact = entity === 'contact';
  if (error) return <ErrorView {...describeError(error)} />;

  const consentChip = (c: { status: string } | null) => (c ? <Chip size="small" variant="outlined" color={c.status === 'granted' ? 'success' : 'default'} label={t(`contacts.consent.${c.status}`)} /> : null);
  // Filtered on the server by status ('granted' / 'withdrawn'), shown in Spanish.
  const consentColumn = (ch: 'email' | 'whatsapp'): GridColDef<Row> => ({
    field: `${ch}Consent`,
    headerName: t(`contacts.field.consent_${ch}`),
    width: 130,
    type: 'singleSelect',
    valueOptions: (['granted', 'withdrawn'] as const).map((s) => ({ value: s, label: t(`contacts.consent.${s}`) })),
    valueGetter: (_v, row) => (row as ContactDto).consent[ch]?.status ?? '',
    renderCell: (p) => consentChip((p.row as ContactDto).consent[ch]),
  });
  const columns: GridColDef<Row>[] = [
    {
      field: 'name',
      headerName: t('contacts.field.name'),
      flex: 1,
      minWidth: 160,
      renderCell: (p) => (
        <Link component={RouterLink} to={`${base}${entityPage(entity)}/${encodeURIComponent(p.row._id)}`} sx={{ fontWeight: 600 }}>
          {p.row.name}
        </Link>
      ),
    },
    // The row's buttons next to its name: the other columns scroll sideways on a laptop screen.
    actionsColumn<Row>(
      (p) => (
        <Box sx={{ display: 'flex' }}>
          <Tooltip title={t('contacts.grid.edit')}>
            <IconButton size="small" aria-label={t('contacts.grid.editNamed', { name: p.row.name })} onClick={() => setEditing(p.row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contacts.grid.history')}>
            <IconButton size="small" aria-label={t('contacts.grid.historyNamed', { name: p.row.name })} component={RouterLink} to={`${base}${entityPage(entity)}/${encodeURIComponent(p.row._id)}`}>
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contacts.grid.delete')}>
            <IconButton size="small" aria-label={t('contacts.grid.deleteNamed', { name: p.row.name })} onClick={() => setDeleting(p.row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
      130,
    ),
    ...(contact
      ? ([
          { field: 'email', headerName: t('contacts.field.email'), flex: 1, minWidth: 180 },
          { field: 'phone', headerName: t('contacts.field.phone'), width: 140 },
          { field: 'companyName', headerName: t('contacts.field.companyId'), flex: 1, minWidth: 140 },
          consentColumn('email'),
          consentColumn('whatsapp'),
          // Where the contact came from (issue 22), filtered on the server.
          {
            field: 'source',
            headerName: t('contacts.field.source'),
            width: 150,
            type: 'singleSelect',
            valueOptions: CONTACT_SOURCES.map((s) => ({ value: s, label: t(`contacts.source.${s}`) })),
            valueGetter: (_v, row) => (row as ContactDto).source,
          },
        ] satisfies GridColDef<Row>[])
      : ([
          { field: 'website', headerName: t('contacts.field.website'), flex: 1, minWidth: 160 },
          { field: 'phone', headerName: t('contacts.field.phone'), width: 140 },
          { field: 'contacts', headerName: t('contacts.field.contacts'), width: 110, type: 'number' },
        ] satisfies GridColDef<Row>[])),
    ...(fields.data ?? []).map(
      (f): GridColDef<Row> => ({
        field: `fields.${f.key}`,
        headerName: f.label,
        width: 140,
        type: f.type === 'number' ? 'number' : 'string',
        valueGetter: (_v, row) => fieldText(row.fields[f.key]),
      }),
    ),
  ];

  return (
    <>
      <PageHeader
        title={t(`contacts.grid.title_${entity}`)}
        subtitle={t(`contacts.grid.subtitle_${entity}`)}
        actions={
          <>
            <Button component={RouterLink} to={`${base}/audit`} startIcon={<HistoryIcon />}>
              {t('contacts.grid.audit')}
            </Button>
            {contact && <AddToGroupButton contactIds={[...selection.ids].map(String)} onDone={() => setSelection({ type: 'include', ids: new Set() })} />}
            {contact && (
              <Button startIcon={<UploadIcon />} onClick={() => setImporting(true)} data-testid="records-import">
                {t('contacts.crmImport.open')}
              </Button>
            )}
            <Button component="a" href={exportUrl(client, entity, q)} download startIcon={<DownloadIcon />} data-testid="records-export">
              {t('contacts.grid.export')}
            </Button>
            <Button component="a" href={exportUrl(client, entity, q, 'xlsx')} download startIcon={<DownloadIcon />} data-testid="records-export-xlsx">
              {t('contacts.crmImport.exportXlsx')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!fields.data} data-testid="record-new">
              {t(`contacts.grid.new_${entity}`)}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <GridSearchField {...searchProps} label={t('contacts.grid.search')} testId="records-search" sx={{ mb: 1.5, width: { xs: '100%', sm: 320 } }} />
        <ServerDataGrid models={models} data={data} isFetching={isFetching} columns={columns} label={t(`contacts.grid.title_${entity}`)} getRowId={(r) => r._id} {...(contact ? { selection: { model: selection, onChange: setSelection } } : {})} />
      </Paper>
      {editing && fields.data && <RecordDialog client={client} entity={entity} fields={fields.data} record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteDialog client={client} entity={entity} record={deleting} onClose={() => setDeleting(null)} />}
      {contact && <ImportDialog client={client} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}

export const ContactsPage = () => <RecordsPage entity="contact" />;
export const CompaniesPage = () => <RecordsPage entity="company" />;
