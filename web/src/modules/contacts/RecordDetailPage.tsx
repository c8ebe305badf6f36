import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyDto, ContactDto, CustomField, RecordEntity } from '@contracts/contacts';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { usePageParam } from '../events/pages/pageMatch';
import { useAsOfQuery, useCustomFieldsQuery, useDiffQuery, useRecordQuery } from './api';
import { entityPage, fieldLabel, useContactsBase, valueText } from './common';
import { AuditGrid } from './AuditPage';
import { ContactTasks, EraseContactButton } from './ContactExtras';
import { RecordDialog } from './RecordDialog';

/** A datetime-local value (the browser's time zone, to the second) as an ISO instant, or null while incomplete. */
function instant(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The record's values as rows of a two-column table (built-in fields first, then the custom ones). */
function valueRows(entity: RecordEntity, record: Record<string, unknown>, fields: CustomField[]): [string, unknown][] {
  const builtIn = entity === 'contact' ? ['name', 'email', 'phone', 'companyId', 'consent.email', 'consent.whatsapp'] : ['name', 'website', 'phone'];
  const get = (path: string) => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), record);
  return [...builtIn.map((f): [string, unknown] => [f, get(f)]), ...fields.map((f): [string, unknown] => [`fields.${f.key}`, (record.fields as Record<string, unknown> | undefined)?.[f.key]])];
}

function ValuesTable({ rows, fields, label }: { rows: [string, unknown][]; fields: CustomField[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map(([field, value]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row" sx={{ width: '40%', color: 'text.secondary' }}>
              {fieldLabel(field, fields, t)}
            </TableCell>
            <TableCell>{valueText(value, t)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * One contact or company: its values now, "Ver como estaba el…" (the record folded from its log up to a chosen
 * moment) and the differences between two moments.
 */
function RecordDetailPage({ entity }: { entity: RecordEntity }) {
  const { t } = useTranslation();
  const { client, base } = useContactsBase();
  const id = usePageParam('id') ?? '';
  const fields = useCustomFieldsQuery({ client, entity });
  const record = useRecordQuery({ client, entity, id });
  const [editing, setEditing] = useState(false);
  const [asOfLocal, setAsOfLocal] = useState('');
  const [fromLocal, setFromLocal] = useState('');
  const [toLocal, setToLocal] = useState('');
  const at = instant(asOfLocal);
  const from = instant(fromLocal);
  const to = instant(toLocal);
  const asOf = useAsOfQuery({ client, entity, id, at: at ?? '' }, { skip: !at });
  const diff = useDiffQuery({ client, entity, id, from: from ?? '', to: to ?? '' }, { skip: !from || !to });
  const defs = fields.data ?? [];
  // The company is shown by name: the current one's name for its id (an earlier company shows its id).
  const named = useMemo(() => {
    const c = record.data && 'companyId' in record.data ? record.data : null;
    return (r: Record<string, unknown>) => (c && r.companyId && r.companyId === c.companyId ? { ...r, companyId: c.companyName } : r);
  }, [record.data]);

  if (record.error) return <ErrorView {...describeError(record.error)} />;
  if (!record.data || !fields.data) return <LinearProgress aria-label={t('common.loading')} />;
  const data = record.data as ContactDto | CompanyDto;

  return (
    <>
      <PageHeader
        title={data.name}
        subtitle={t(`contacts.detail.subtitle_${entity}`)}
        actions={
          <>
            <Button component={RouterLink} to={`${base}${entityPage(entity)}`} startIcon={<ArrowBackIcon />}>
              {t(`contacts.detail.back_${entity}`)}
            </Button>
            {entity === 'contact' && <EraseContactButton contactId={id} name={data.name} />}
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="record-edit">
              {t('contacts.grid.edit')}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.detail.now')}
          </Typography>
          <ValuesTable rows={valueRows(entity, named({ ...data }), defs)} fields={defs} label={t('contacts.detail.now')} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('contacts.detail.asOfTitle')}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.detail.asOfTitle')}
          </Typography>
          <TextField
            id="record-as-of"
            type="datetime-local"
            label={t('contacts.detail.asOf')}
            value={asOfLocal}
            onChange={(e) => setAsOfLocal(e.target.value)}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'record-as-of' } }}
          />
          {asOf.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mt: 1 }} />}
          {asOf.error && <Alert severity="error" sx={{ mt: 1 }}>{apiErrorMessage(asOf.error, t('contacts.detail.failed'))}</Alert>}
          {at && asOf.data && !asOf.isFetching && (
            <Box sx={{ mt: 1 }} data-testid="record-as-of-result">
              {asOf.data.record && asOf.data.exists ? (
                <ValuesTable rows={valueRows(entity, named(asOf.data.record), defs)} fields={defs} label={t('contacts.detail.asOfTable')} />
              ) : (
                <Alert severity="info">{t(asOf.data.deleted ? 'contacts.detail.asOfDeleted' : 'contacts.detail.asOfMissing')}</Alert>
              )}
            </Box>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, gridColumn: { md: '1 / -1' } }} component="section" aria-label={t('contacts.detail.diffTitle')}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.detail.diffTitle')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField id="record-diff-from" type="datetime-local" label={t('contacts.detail.diffFrom')} value={fromLocal} onChange={(e) => setFromLocal(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} />
            <TextField id="record-diff-to" type="datetime-local" label={t('contacts.detail.diffTo')} value={toLocal} onChange={(e) => setToLocal(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }} />
          </Box>
          {diff.error && <Alert severity="error" sx={{ mt: 1 }}>{apiErrorMessage(diff.error, t('contacts.detail.failed'))}</Alert>}
          {diff.data && from && to && (
            diff.data.changes.length === 0 ? (
              <Alert severity="info" sx={{ mt: 1 }}>{t('contacts.detail.noDiff')}</Alert>
            ) : (
              <Table size="small" aria-label={t('contacts.detail.diffTitle')} sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('contacts.audit.field')}</TableCell>
                    <TableCell>{t('contacts.audit.before')}</TableCell>
                    <TableCell>{t('contacts.audit.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {diff.data.changes.map((c) => (
                    <TableRow key={c.field}>
                      <TableCell>{fieldLabel(c.field, defs, t)}</TableCell>
                      <TableCell>{valueText(c.before, t)}</TableCell>
                      <TableCell>{valueText(c.after, t)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          )}
        </Paper>
        {entity === 'contact' && <ContactTasks contactId={id} name={data.name} />}
        <Box component="section" aria-labelledby="record-history-title" sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
          <Typography id="record-history-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('contacts.detail.history')}
          </Typography>
          <AuditGrid entityId={id} label={t('contacts.detail.history')} />
        </Box>
      </Box>
      {editing && <RecordDialog client={client} entity={entity} fields={defs} record={data} onClose={() => setEditing(false)} />}
    </>
  );
}

export const ContactDetailPage = () => <RecordDetailPage entity="contact" />;
export const CompanyDetailPage = () => <RecordDetailPage entity="company" />;
