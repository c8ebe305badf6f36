import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import dayjs from '../../app/dayjs';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useAdminUsersQuery, type AdminUsers } from './api';
import { ServerGrid } from './ServerGrid';

type Row = AdminUsers['rows'][number];

/** /admin/users: every account, server-side paging, sorting and filtering. */
export function Component() {
  const { t } = useTranslation();
  const columns: GridColDef<Row>[] = [
    { field: 'displayName', headerName: t('admin.grid.name'), flex: 1, minWidth: 180 },
    { field: 'email', headerName: t('admin.grid.email'), flex: 1, minWidth: 220 },
    {
      field: 'administrator',
      headerName: t('admin.grid.administrator'),
      type: 'boolean',
      width: 150,
      renderCell: (p) => (p.value ? <Chip size="small" color="primary" label={t('admin.grid.yes')} /> : t('admin.grid.no')),
    },
    { field: 'emailVerified', headerName: t('admin.grid.verified'), type: 'boolean', width: 140 },
    { field: 'events', headerName: t('admin.grid.events'), type: 'number', width: 110 },
    {
      field: 'createdAt',
      headerName: t('admin.grid.createdAt'),
      type: 'dateTime',
      width: 170,
      valueGetter: (v: string) => (v ? new Date(v) : null),
      valueFormatter: (v: Date | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : ''),
    },
  ];
  return (
    <>
      <PageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
      <ServerGrid columns={columns} useRows={(q) => useAdminUsersQuery(q)} label={t('admin.users.title')} />
    </>
  );
}
