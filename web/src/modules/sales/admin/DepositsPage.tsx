import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminOrderRow } from '@contracts/sales-admin';
import { useEffect, useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { money } from '../../events/format';
import { useAdminOrdersQuery, useOrderActionMutation, voucherUrl } from './api';
import { newClientId } from '../../../app/clientId';
import { dateColumn, PersonCell } from './labels';
import { SalesGrid } from './SalesGrid';

/** The voucher as the server sends it: an image shown as such, a PDF in the browser's viewer. */
function VoucherView({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string; type: string } | { error: true } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetch(voucherUrl(orderId), { credentials: 'include' })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        const blob = await r.blob();
        url = URL.createObjectURL(blob);
        if (live) setState({ url, type: blob.type });
      })
      .catch(() => live && setState({ error: true }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [orderId]);
  if (!state) return <Typography color="text.secondary">{t('common.loading')}</Typography>;
  if ('error' in state) return <Alert severity="error">{t('sales.admin.deposits.voucherError')}</Alert>;
  // The CSP (object-src 'none') keeps a PDF out of the page: it is downloaded and opened in the system's viewer.
  return state.type === 'application/pdf' ? (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', py: 2 }}>
      <Typography>{t('sales.admin.deposits.pdfVoucher')}</Typography>
      <Button variant="outlined" href={state.url} download={`comprobante-${orderId}.pdf`} data-testid="voucher-download">
        {t('sales.admin.deposits.downloadVoucher')}
      </Button>
    </Box>
  ) : (
    <Box component="img" src={state.url} alt={t('sales.admin.deposits.voucher')} data-testid="voucher-image" sx={{ maxWidth: '100%', maxHeight: 480, display: 'block', mx: 'auto' }} />
  );
}

const HIDDEN = ['buyerEmail'];

/** manageAttendees/depositsMade: orders waiting for a bank deposit's review, with the voucher; approve or reject. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { eventId, roleData } = useModuleArea();
  const canManage = (roleData?.actions ?? []).includes('order.manage');
  const [open, setOpen] = useState<AdminOrderRow | null>(null);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const [failure, setFailure] = useState<string | null>(null);
  const [run, { isLoading: busy }] = useOrderActionMutation();

  const decide = (d: 'approve' | 'reject') => {
    setClientId(newClientId());
    setFailure(null);
    setReason('');
    setDeciding(d);
  };
  const submit = async () => {
    if (!open || !deciding) return;
    if (deciding === 'reject' && !reason.trim()) {
      setFailure(t('sales.admin.deposits.reasonRequired'));
      return;
    }
    try {
      await run({ orderId: open.id, action: deciding === 'approve' ? 'deposit/approve' : 'deposit/reject', body: deciding === 'reject' ? { clientId, reason: reason.trim() } : { clientId } }).unwrap();
      notify(t(deciding === 'approve' ? 'sales.admin.deposits.approved' : 'sales.admin.deposits.rejected'), 'success');
      setDeciding(null);
      setOpen(null);
    } catch (e) {
      setFailure(apiErrorMessage(e, t('common.unexpectedError')));
    }
  };

  const columns = useMemo<GridColDef<AdminOrderRow>[]>(() => [
    dateColumn('createdAt', t('sales.admin.grid.createdAt')),
    { field: 'buyerName', headerName: t('sales.admin.grid.buyer'), flex: 1, minWidth: 180, renderCell: (p) => <PersonCell name={p.row.buyerName} email={p.row.buyerEmail} /> },
    { field: 'buyerEmail', headerName: t('sales.admin.grid.email') },
    { field: 'tickets', headerName: t('sales.admin.grid.tickets'), type: 'number', width: 90 },
    { field: 'total', headerName: t('sales.admin.grid.total'), type: 'number', width: 120, valueFormatter: (_v, row) => money(row.total / 100, row.currency) },
    {
      field: 'actions',
      headerName: '',
      width: 150,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: (p) => (
        <Button size="small" variant="outlined" onClick={() => setOpen(p.row)} data-testid={`deposit-review-${p.row.id}`}>
          {t('sales.admin.deposits.review')}
        </Button>
      ),
    },
  ], [t]);
  if (!eventId) return null;
  return (
    <>
      <PageHeader title={t('sales.admin.deposits.title')} subtitle={t('sales.admin.deposits.subtitle')} />
      <SalesGrid eventId={eventId} path="orders" status="awaiting_payment" columns={columns} useRows={useAdminOrdersQuery} label={t('sales.admin.deposits.title')} testId="deposits-grid" hidden={HIDDEN} />
      <Dialog open={!!open && !deciding} onClose={() => setOpen(null)} fullWidth maxWidth="sm" aria-labelledby="deposit-title">
        <DialogTitle id="deposit-title">{t('sales.admin.deposits.reviewTitle')}</DialogTitle>
        <DialogContent dividers>
          {open && (
            <>
              <Typography sx={{ mb: 1 }}>
                {t('sales.admin.deposits.summary', { name: open.buyerName ?? '—', amount: money(open.total / 100, open.currency), tickets: open.tickets })}
              </Typography>
              <VoucherView orderId={open.id} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{t('common.close')}</Button>
          {canManage && (
            <>
              <Button color="error" onClick={() => decide('reject')} data-testid="deposit-reject">
                {t('sales.admin.deposits.reject')}
              </Button>
              <Button variant="contained" onClick={() => decide('approve')} data-testid="deposit-approve">
                {t('sales.admin.deposits.approve')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <Dialog open={!!deciding} onClose={() => !busy && setDeciding(null)} maxWidth="xs" fullWidth aria-labelledby="deposit-decide-title">
        <DialogTitle id="deposit-decide-title">{deciding && t(`sales.admin.deposits.${deciding}Title`)}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{deciding && open && t(`sales.admin.deposits.${deciding}Text`, { amount: money(open.total / 100, open.currency) })}</Typography>
          {deciding === 'reject' && (
            <TextField label={t('sales.admin.deposits.reason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth multiline minRows={2} required slotProps={{ htmlInput: { maxLength: 300 } }} />
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <FormDialogActions onCancel={() => setDeciding(null)} onSubmit={submit} busy={busy} danger={deciding === 'reject'} submitLabel={deciding ? t(`sales.admin.deposits.${deciding}`) : ''} submitTestId="deposit-confirm" />
      </Dialog>
    </>
  );
}
