import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { ParticipantStatus } from '@contracts/businessConference-participants';
import { useMemo, useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useBcpDecideMutation, useBcpParticipantQuery, useBcpRoundParticipantsQuery, type ReviewRow } from './api';
import { FieldValues, StatusChip } from './components';

const P = 'businessConference.participants';

/**
 * myOffer / myDemand: the current round's offerers or demanders (offer_demand participants in both) with company,
 * sector and status; the administrator approves or rejects (approval gives the participant the round's pages and
 * notifies them); a drawer shows the answers to the round's fields and the products.
 */
export function ReviewPage({ side }: { side: 'offer' | 'demand' }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const { roleData } = useModuleArea();
  const canDecide = !!roleData?.actions.includes('participant.manage');
  const { round, loading } = useCurrentRound();
  const [status, setStatus] = useState<ParticipantStatus | ''>('');
  const list = useBcpRoundParticipantsQuery({ roundId: round?._id ?? '', type: side, ...(status ? { status } : {}) }, { skip: !round });
  const [decide, decision] = useBcpDecideMutation();
  const [open, setOpen] = useState<ReviewRow | null>(null);
  const [rejecting, setRejecting] = useState<ReviewRow | null>(null);
  const [reason, setReason] = useState('');
  // On a phone the grid keeps company, status and the detail button; the drawer holds the rest and the decisions.
  const narrow = useMediaQuery('(max-width:599.95px)');

  const run = async (row: ReviewRow, d: 'approve' | 'reject', why = '') => {
    try {
      await decide({ id: row._id, body: { clientId: newClientId(), decision: d, reason: why } }).unwrap();
      notify(t(d === 'approve' ? `${P}.approvedToast` : `${P}.rejectedToast`, { name: row.company.name }), 'success');
      setOpen((o) => (o && o._id === row._id ? { ...o, status: d === 'approve' ? 'approved' : 'rejected' } : o));
    } catch (err) {
      notifyError(err, t(`${P}.decisionFailed`));
    }
  };

  const columns = useMemo<GridColDef<ReviewRow>[]>(
    () => [
      {
        field: 'company',
        headerName: t(`${P}.company`),
        flex: 1.4,
        minWidth: 140,
        valueGetter: (_v, r) => r.company.name,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
            <Avatar variant="rounded" src={row.company.logoUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }} />
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.company.name}
            </Typography>
          </Box>
        ),
      },
      { field: 'ruc', headerName: t(`${P}.ruc`), width: 130, valueGetter: (_v, r) => r.company.ruc },
      { field: 'sector', headerName: t(`${P}.sector`), flex: 1, minWidth: 130, valueGetter: (_v, r) => r.company.sector },
      { field: 'contactName', headerName: t(`${P}.contactName`), flex: 1, minWidth: 140 },
      { field: 'type', headerName: t(`${P}.typeColumn`), width: 150, valueGetter: (_v, r) => t(`${P}.type.${r.type}`) },
      { field: 'productCount', headerName: t(`${P}.products`), width: 100, type: 'number' },
      { field: 'status', headerName: t(`${P}.statusColumn`), width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      {
        field: 'actions',
        headerName: t(`${P}.actions`),
        width: narrow ? 56 : 150,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex' }}>
            <Tooltip title={t(`${P}.detail`)}>
              <IconButton aria-label={t(`${P}.detailOf`, { name: row.company.name })} onClick={() => setOpen(row)}>
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
            {canDecide && !narrow && row.status !== 'approved' && (
              <Tooltip title={t(`${P}.approve`)}>
                <IconButton color="success" aria-label={t(`${P}.approveOf`, { name: row.company.name })} onClick={() => void run(row, 'approve')} disabled={decision.isLoading} data-testid={`approve-${row._id}`}>
                  <CheckIcon />
                </IconButton>
              </Tooltip>
            )}
            {canDecide && !narrow && row.status !== 'rejected' && (
              <Tooltip title={t(`${P}.reject`)}>
                <IconButton color="error" aria-label={t(`${P}.rejectOf`, { name: row.company.name })} onClick={() => (setReason(''), setRejecting(row))} disabled={decision.isLoading}>
                  <BlockIcon />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canDecide, decision.isLoading, narrow],
  );

  const title = t(side === 'offer' ? `${P}.myOfferTitle` : `${P}.myDemandTitle`);
  if (loading) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  if (!round) return <Alert severity="info">{t(`${P}.noRound`)}</Alert>;
  if (list.error) return <ErrorView {...describeError(list.error)} />;
  const defs = side === 'offer' ? round.offerFields : round.demandFields;

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={t(`${P}.reviewSubtitle`, { round: round.name })}
        actions={
          <TextField select size="small" label={t(`${P}.statusColumn`)} value={status} onChange={(e) => setStatus(e.target.value as ParticipantStatus | '')} sx={{ minWidth: 170 }}>
            <MenuItem value="">{t(`${P}.allStatuses`)}</MenuItem>
            {(['pending', 'approved', 'rejected'] as const).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`${P}.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Paper variant="outlined" sx={{ width: '100%', minWidth: 0 }}>
        <DataGrid
          aria-label={title}
          rows={list.data ?? []}
          getRowId={(r) => r._id}
          columns={columns}
          loading={list.isFetching}
          autoHeight
          disableRowSelectionOnClick
          disableColumnSelector
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          columnVisibilityModel={narrow ? { ruc: false, contactName: false, sector: false, type: false, productCount: false } : { ruc: false, contactName: false }}
          localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t(`${P}.noParticipants`) }}
          getRowHeight={() => 'auto'}
          sx={{ border: 0, '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' } }}
        />
      </Paper>

      <Drawer anchor="right" open={!!open} onClose={() => setOpen(null)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 460 } }, 'aria-labelledby': 'participant-detail-title' } as object }}>
        {open && <Detail row={open} defs={defs} onClose={() => setOpen(null)} canDecide={canDecide} busy={decision.isLoading} onApprove={() => void run(open, 'approve')} onReject={() => (setReason(''), setRejecting(open))} />}
      </Drawer>

      <Dialog open={!!rejecting} onClose={() => setRejecting(null)} aria-labelledby="reject-title" fullWidth maxWidth="xs">
        <DialogTitle id="reject-title">{t(`${P}.rejectTitle`, { name: rejecting?.company.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t(`${P}.rejectBody`)}
          </Typography>
          <TextField id="reject-reason" label={t(`${P}.rejectReason`)} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(null)}>{t(`${P}.cancel`)}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={decision.isLoading}
            onClick={() => {
              const r = rejecting;
              setRejecting(null);
              if (r) void run(r, 'reject', reason.trim());
            }}
          >
            {t(`${P}.reject`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function Detail({
  row,
  defs,
  onClose,
  canDecide,
  busy,
  onApprove,
  onReject,
}: {
  row: ReviewRow;
  defs: ReviewRowDefs;
  onClose: () => void;
  canDecide: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useBcpParticipantQuery(row._id);
  const p = data?.participant ?? row;
  return (
    <Box sx={{ p: 2.5, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Avatar variant="rounded" src={p.company.logoUrl ?? undefined} alt="" sx={{ width: 56, height: 56 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="participant-detail-title" component="h2" variant="h6" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {p.company.name}
          </Typography>
          <StatusChip status={row.status} />
        </Box>
        <IconButton aria-label={t(`${P}.close`)} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2">{t(`${P}.rucLine`, { ruc: p.company.ruc })}</Typography>
        <Typography variant="body2">{t(`${P}.sectorLine`, { sector: p.company.sector })}</Typography>
        <Typography variant="body2">{t(`${P}.typeLine`, { type: t(`${P}.type.${p.type}`) })}</Typography>
        <Typography variant="body2">{t(`${P}.contactLine`, { name: p.contactName, email: p.email })}</Typography>
        {p.phone && <Typography variant="body2">{t(`${P}.phoneLine`, { phone: p.phone })}</Typography>}
        {p.company.description && (
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {p.company.description}
          </Typography>
        )}
      </Box>
      <Divider />
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {t(`${P}.fieldsSection`)}
      </Typography>
      <FieldValues defs={defs} values={p.fields} />
      <Divider />
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {t(`${P}.products`)}
      </Typography>
      {isLoading && <LinearProgress aria-label={t(`${P}.loading`)} />}
      {error && <Alert severity="error">{describeError(error).messagePublic}</Alert>}
      {data && data.products.length === 0 && <Typography color="text.secondary">{t(`${P}.noProducts`)}</Typography>}
      {data?.products.map((x) => (
        <Box key={x._id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar variant="rounded" src={x.imageUrl ?? undefined} alt="" />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{x.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {x.sector}
              {x.description ? ` · ${x.description}` : ''}
            </Typography>
          </Box>
        </Box>
      ))}
      {canDecide && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {row.status !== 'approved' && (
            <Button variant="contained" color="success" onClick={onApprove} disabled={busy}>
              {t(`${P}.approve`)}
            </Button>
          )}
          {row.status !== 'rejected' && (
            <Button variant="outlined" color="error" onClick={onReject} disabled={busy}>
              {t(`${P}.reject`)}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

type ReviewRowDefs = NonNullable<ReturnType<typeof useCurrentRound>['round']>['offerFields'];

export const OfferReviewPage = () => <ReviewPage side="offer" />;
export const DemandReviewPage = () => <ReviewPage side="demand" />;
