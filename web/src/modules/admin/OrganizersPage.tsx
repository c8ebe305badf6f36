import type { GridColDef } from '@mui/x-data-grid';
import dayjs from '../../app/dayjs';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useAdminOrganizersQuery, type AdminOrganizers } from './api';
import { ServerGrid } from './ServerGrid';

type Row = AdminOrganizers['rows'][number];
const date = { valueGetter: (v: string | null) => (v ? new Date(v) : null), valueFormatter: (v: Date | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : '—') };

/** /admin/organizers: users who own events, with counts; server-side paging, sorting and filtering. */
export function Component() {
  const { t } = useTranslation();
  const columns: GridColDef<Row>[] = [
    { field: 'displayName', headerName: t('admin.grid.name'), flex: 1, minWidth: 180 },
    { field: 'email', headerName: t('admin.grid.email'), flex: 1, minWidth: 220 },
    { field: 'events', headerName: t('admin.grid.events'), type: 'number', width: 110 },
    { field: 'publishedEvents', headerName: t('admin.grid.publishedEvents'), type: 'number', width: 130 },
    { field: 'lastEventAt', headerName: t('admin.grid.lastEventAt'), type: 'dateTime', width: 170, ...date },
    { field: 'createdAt', headerName: t('admin.grid.createdAt'), type: 'dateTime', width: 170, ...date },
  ];
  return (
    <>
      <PageHeader title={t('admin.organizers.title')} subtitle={t('admin.organizers.subtitle')} />
      <ServerGrid columns={columns} useRows={(q) => useAdminOrganizersQuery(q)} label={t('admin.organizers.title')} />
    </>
  );
}
