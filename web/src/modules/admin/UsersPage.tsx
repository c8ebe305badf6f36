import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import dayjs from '../../app/dayjs';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { AccountActionsMenu, useAccountActions } from './AccountActions';
import { useAdminUsersQuery, type AdminUsers } from './api';
import { ServerGrid } from './ServerGrid';

type Row = AdminUsers['rows'][number];

/** Name over e-mail in one cell: the columns fit at 1280 px beside both drawers. */
export function PersonCell({ id, name, email }: { id: string; name: string; email: string }) {
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
      <Link component={RouterLink} to={`/admin/users/${encodeURIComponent(id)}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {email}
      </Typography>
    </Box>
  );
}

/** /admin/users: every account; quick search, server-side paging, sorting and filtering; the operator's actions. */
export function Component() {
  const { t } = useTranslation();
  const { ask, dialog } = useAccountActions();
  const columns: GridColDef<Row>[] = [
    {
      field: 'displayName',
      headerName: t('admin.grid.name'),
      flex: 1,
      minWidth: 170,
      renderCell: (p) => <PersonCell id={p.row.id} name={p.row.displayName} email={p.row.email} />,
    },
    { field: 'email', headerName: t('admin.grid.email') },
    {
      field: 'administrator',
      headerName: t('admin.grid.role'),
      type: 'boolean',
      width: 120,
      renderCell: (p) => (p.value ? <Chip size="small" color="primary" label={t('admin.grid.administrator')} /> : t('admin.grid.user')),
    },
    {
      field: 'suspended',
      headerName: t('admin.grid.status'),
      type: 'boolean',
      width: 110,
      renderCell: (p) => (p.value ? <Chip size="small" color="error" variant="outlined" label={t('admin.grid.suspended')} /> : t('admin.grid.active')),
    },
    // Kept out of view (filterable, and shown on the account's page): the columns fit at 1280 px beside both menus.
    { field: 'emailVerified', headerName: t('admin.grid.verified'), type: 'boolean' },
    { field: 'events', headerName: t('admin.grid.events'), type: 'number', width: 80 },
    {
      field: 'createdAt',
      headerName: t('admin.grid.createdAt'),
      type: 'dateTime',
      width: 105,
      valueGetter: (v: string) => (v ? new Date(v) : null),
      valueFormatter: (v: Date | null) => (v ? dayjs(v).format('DD/MM/YYYY') : ''),
    },
    {
      field: 'actions',
      headerName: t('admin.grid.actions'),
      width: 90,
      sortable: false,
      filterable: false,
      resizable: false,
      disableColumnMenu: true,
      renderCell: (p) => <AccountActionsMenu account={p.row} ask={ask} />,
    },
  ];
  return (
    <>
      <PageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
      <ServerGrid columns={columns} useRows={(q) => useAdminUsersQuery(q)} label={t('admin.users.title')} hidden={['email', 'emailVerified']} />
      {dialog}
    </>
  );
}
