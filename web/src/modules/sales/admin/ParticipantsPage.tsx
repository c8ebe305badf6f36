import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { TICKET_STATUSES, type AdminTicketRow } from '@contracts/sales-admin';
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import { actionsColumn } from '../../../components/ServerDataGrid';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useAdminParticipantsQuery } from './api';
import { OrderDetailDialog } from './OrderDetailDialog';
import { SalesGrid } from './SalesGrid';
import { dateColumn, methodColumn, PersonCell, statusColumn } from './labels';

/** The tickets grid's columns, shared by the participants and the guest list. */
export function ticketColumns(t: (k: string) => string, open: (orderId: string) => void): GridColDef<AdminTicketRow>[] {
  return [
    { field: 'attendeeName', headerName: t('sales.admin.grid.attendee'), flex: 1, minWidth: 180, renderCell: (p) => <PersonCell name={p.row.attendeeName} email={p.row.attendeeEmail} /> },
    { field: 'attendeeEmail', headerName: t('sales.admin.grid.email') },
    { field: 'ticketTypeName', headerName: t('sales.admin.grid.ticketType'), width: 150 },
    statusColumn(t('sales.admin.grid.status'), TICKET_STATUSES, 120),
    methodColumn(t('sales.admin.grid.method'), 140),
    {
      field: 'checkedIn',
      headerName: t('sales.admin.grid.checkedIn'),
      type: 'boolean',
      width: 110,
      renderCell: (p) => (p.row.checkedIn ? <Chip size="small" color="success" label={t('sales.admin.grid.inside')} /> : '—'),
    },
    dateColumn('checkedInAt', t('sales.admin.grid.checkedInAt')),
    dateColumn('createdAt', t('sales.admin.grid.issuedAt')),
    actionsColumn<AdminTicketRow>((p) => (
      <Button size="small" onClick={() => open(p.row.orderId)}>
        {t('sales.admin.grid.order')}
      </Button>
    )),
  ];
}

const HIDDEN = ['attendeeEmail'];

/** manageAttendees/participants: every issued ticket with its attendee and whether they got in. */
export default function ParticipantsPage() {
  const { t } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo(() => ticketColumns(t, setOpen), [t]);
  if (!eventId) return null;
  return (
    <>
      <PageHeader title={t('sales.admin.participants.title')} subtitle={t('sales.admin.participants.subtitle')} />
      <SalesGrid eventId={eventId} path="participants" columns={columns} useRows={useAdminParticipantsQuery} label={t('sales.admin.participants.title')} hidden={HIDDEN} />
      <OrderDetailDialog orderId={open} onClose={() => setOpen(null)} canManage={(roleData?.actions ?? []).includes('order.manage')} />
    </>
  );
}
