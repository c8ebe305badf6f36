import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditRowDto, CustomField } from '@contracts/contacts';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { GridSearchField, ServerDataGrid, useServerGridQuery } from '../../components/ServerDataGrid';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useAuditQuery, useCustomFieldsQuery } from './api';
import { entityPage, fieldLabel, useContactsBase, valueText } from './common';

/** The audit grid: every change of the organizer's records, or of one (`entityId`), with who, when, before and after. */
export function AuditGrid({ entityId, label }: { entityId?: string; label: string }) {
  const { t } = useTranslation();
  const { client, base } = useContactsBase();
  const { query: q, searchProps, models } = useServerGridQuery();
  const { data, isFetching, error } = useAuditQuery({ client, q, entityId });
  const contactFields = useCustomFieldsQuery({ client, entity: 'contact' });
  const companyFields = useCustomFieldsQuery({ client, entity: 'company' });
  if (error) return <ErrorView {...describeError(error)} />;
  const defs = (r: AuditRowDto): CustomField[] => (r.entity === 'contact' ? contactFields.data : companyFields.data) ?? [];

  const columns: GridColDef<AuditRowDto>[] = [
    { field: 'at', headerName: t('contacts.audit.at'), width: 150, type: 'dateTime', valueGetter: (v) => new Date(v as string), valueFormatter: (v: Date) => v.toLocaleString('es-PE') },
    {
      field: 'entityName',
      headerName: t('contacts.audit.record'),
      flex: 1,
      minWidth: 130,
      renderCell: (p) =>
        p.row.action === 'deleted' || p.row.action === 'erased' || p.row.field === 'mergedInto' ? (
          p.row.entityName
        ) : (
          <Link component={RouterLink} to={`${base}${entityPage(p.row.entity)}/${encodeURIComponent(p.row.entityId)}`}>
            {p.row.entityName}
          </Link>
        ),
    },
    { field: 'field', headerName: t('contacts.audit.field'), width: 130, filterable: false, valueGetter: (_v, row) => (row.action === 'deleted' ? t('contacts.audit.action_deleted') : fieldLabel(row.field, defs(row), t)) },
    { field: 'before', headerName: t('contacts.audit.before'), flex: 1, minWidth: 120, sortable: false, filterable: false, valueGetter: (_v, row) => (row.action === 'changed' ? valueText(row.before, t) : '') },
    { field: 'after', headerName: t('contacts.audit.after'), flex: 1, minWidth: 120, sortable: false, filterable: false, valueGetter: (_v, row) => (row.action === 'deleted' ? '' : valueText(row.after, t)) },
    { field: 'byName', headerName: t('contacts.audit.by'), width: 140, sortable: false, filterable: false, valueGetter: (v) => (v as string | null) ?? '—' },
    {
      field: 'action',
      headerName: t('contacts.audit.action'),
      width: 115,
      type: 'singleSelect',
      valueOptions: (['created', 'changed', 'deleted', 'merged'] as const).map((a) => ({ value: a, label: t(`contacts.audit.action_${a}`) })),
      renderCell: (p) => <Chip size="small" variant="outlined" label={t(`contacts.audit.action_${p.row.action}`)} />,
    },
    {
      field: 'entity',
      headerName: t('contacts.audit.entity'),
      width: 105,
      type: 'singleSelect',
      valueOptions: [
        { value: 'contact', label: t('contacts.audit.entity_contact') },
        { value: 'company', label: t('contacts.audit.entity_company') },
      ],
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <GridSearchField {...searchProps} label={t('contacts.audit.search')} testId="audit-search" sx={{ mb: 1.5, width: { xs: '100%', sm: 320 } }} />
      <ServerDataGrid
        models={models}
        data={data}
        isFetching={isFetching}
        columns={entityId ? columns.filter((c) => c.field !== 'entityName' && c.field !== 'entity') : columns}
        label={label}
        getRowId={(r) => r._id}
      />
    </Paper>
  );
}

/** audit: every change of the organizer's contacts and companies. */
export default function AuditPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('contacts.audit.title')} subtitle={t('contacts.audit.subtitle')} />
      <AuditGrid label={t('contacts.audit.title')} />
    </>
  );
}
