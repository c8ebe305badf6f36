import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import dayjs from '../../app/dayjs';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useAdminOrganizersQuery, type AdminOrganizers } from './api';
import { ServerGrid } from './ServerGrid';
import { PersonCell } from './UsersPage';

type Row = AdminOrganizers['rows'][number];
const date = { valueGetter: (v: string | null) => (v ? new Date(v) : null), valueFormatter: (v: Date | null) => (v ? dayjs(v).format('DD/MM/YYYY') : '—') };

/** /admin/organizers: users who own events, with counts; quick search, server-side paging, sorting and filtering. */
export function Component() {
  const { t } = useTranslation();
  const columns: GridColDef<Row>[] = [
    {
      field: 'displayName',
      headerName: t('admin.grid.name'),
      flex: 1,
      minWidth: 200,
      renderCell: (p) => <PersonCell id={p.row.id} name={p.row.displayName} email={p.row.email} />,
    },
    { field: 'email', headerName: t('admin.grid.email') },
    { field: 'events', headerName: t('admin.grid.events'), type: 'number', width: 90 },
    { field: 'publishedEvents', headerName: t('admin.grid.publishedEvents'), type: 'number', width: 100 },
    { field: 'lastEventAt', headerName: t('admin.grid.lastEventAt'), type: 'dateTime', width: 120, ...date },
    {
      field: 'open',
      headerName: t('admin.grid.actions'),
      width: 120,
      sortable: false,
      filterable: false,
      resizable: false,
      disableColumnMenu: true,
      renderCell: (p) => (
        <Button size="small" component={RouterLink} to={`/admin/organizers/${encodeURIComponent(p.row.id)}`}>
          {t('admin.organizers.openEvents')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('admin.organizers.title')} subtitle={t('admin.organizers.subtitle')} />
      <ServerGrid columns={columns} useRows={(q) => useAdminOrganizersQuery(q)} label={t('admin.organizers.title')} hidden={['email']} />
    </>
  );
}
