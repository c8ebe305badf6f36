import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminOrderRow } from '@contracts/sales-admin';
import { ORDER_STATUSES } from '@contracts/sales';
import { useMemo, useState } from 'react';
import { actionsColumn } from '../../../components/ServerDataGrid';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { money } from '../../events/format';
import { useAdminOrdersQuery } from './api';
import { OrderDetailDialog } from './OrderDetailDialog';
import { SalesGrid } from './SalesGrid';
import { dateColumn, methodColumn, PersonCell, statusColumn } from './labels';

const HIDDEN = ['buyerEmail'];

/** manageAttendees/orders: every order of the event in a server-side grid, with its detail and actions. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const [open, setOpen] = useState<string | null>(null);
  const canManage = (roleData?.actions ?? []).includes('order.manage');
  // Stable across renders: the grid keeps its column state (widths, menus) between fetches.
  const columns = useMemo<GridColDef<AdminOrderRow>[]>(() => [
    dateColumn('createdAt', t('sales.admin.grid.createdAt')),
    { field: 'buyerName', headerName: t('sales.admin.grid.buyer'), flex: 1, minWidth: 180, renderCell: (p) => <PersonCell name={p.row.buyerName} email={p.row.buyerEmail} /> },
    { field: 'buyerEmail', headerName: t('sales.admin.grid.email') },
    statusColumn(t('sales.admin.grid.status'), ORDER_STATUSES),
    { field: 'tickets', headerName: t('sales.admin.grid.tickets'), type: 'number', width: 90 },
    { field: 'total', headerName: t('sales.admin.grid.total'), type: 'number', width: 120, valueFormatter: (_v, row) => money(row.total / 100, row.currency) },
    methodColumn(t('sales.admin.grid.method')),
    dateColumn('paidAt', t('sales.admin.grid.paidAt')),
    actionsColumn<AdminOrderRow>((p) => (
      <Button size="small" onClick={() => setOpen(p.row.id)} data-testid={`order-open-${p.row.id}`}>
        {t('sales.admin.grid.view')}
      </Button>
    )),
  ], [t]);
  if (!eventId) return null;
  return (
    <>
      <PageHeader title={t('sales.admin.orders.title')} subtitle={t('sales.admin.orders.subtitle')} />
      <SalesGrid eventId={eventId} path="orders" columns={columns} useRows={useAdminOrdersQuery} label={t('sales.admin.orders.title')} testId="orders-grid" hidden={HIDDEN} />
      <OrderDetailDialog orderId={open} onClose={() => setOpen(null)} canManage={canManage} />
    </>
  );
}
