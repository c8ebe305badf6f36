import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { CompanyDto, InvitationDto, InvitationKind } from '@contracts/exhibitor';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useModuleArea } from '../events/area/context';
import { PageHeader } from '../events/components/common';
import { useCompanyInvitationsQuery, useEventInvitationsQuery, useExhibitorCompaniesQuery, useInviteToCompanyMutation, useMyExhibitorCompaniesQuery } from './api';
import { currentCompany } from './api';

const P = 'exhibitor.invitations';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InviteDialog({ eventId, companies, kinds, onClose }: { eventId: string; companies: CompanyDto[]; kinds: InvitationKind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [invite, state] = useInviteToCompanyMutation();
  // One client id per dialog: a retried send never makes a second invitation.
  const [clientId] = useState(newClientId);
  const [companyId, setCompanyId] = useState(companies[0]?._id ?? '');
  const [kind, setKind] = useState<InvitationKind>(kinds[0]);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const company = companies.find((c) => c._id === companyId);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) return setEmailError(t(`${P}.emailInvalid`));
    setFailure(null);
    try {
      await invite({ eventId, companyId, body: { email: email.trim(), kind, clientId } }).unwrap();
      notify(t(`${P}.sent`, { email: email.trim() }), 'success');
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, t(`${P}.sendFailed`)));
    }
  };
  return (
    <Dialog open onClose={state.isLoading ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby="invite-dialog-title">
      <DialogTitle id="invite-dialog-title">{t(`${P}.dialogTitle`)}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="invite-form" noValidate onSubmit={(e) => void submit(e)} spacing={2} sx={{ pt: 1 }}>
          {companies.length > 1 && (
            <TextField select id="invite-company" label={t(`${P}.company`)} value={companyId} onChange={(e) => setCompanyId(e.target.value)} fullWidth>
              {companies.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {kinds.length > 1 && (
            <TextField select id="invite-kind" label={t(`${P}.kind`)} value={kind} onChange={(e) => setKind(e.target.value as InvitationKind)} fullWidth>
              {kinds.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`${P}.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {company && kind !== 'admin' && (
            <DialogContentText>
              {t(`${P}.quota`, { used: kind === 'exhibitor' ? company.usedExhibitors : company.usedSpeakers, total: kind === 'exhibitor' ? company.quantityExhibitors : company.quantitySpeakers })}
            </DialogContentText>
          )}
          <TextField
            id="invite-email"
            name="email"
            type="email"
            label={t(`${P}.email`)}
            value={email}
            onChange={(e) => (setEmail(e.target.value), setEmailError(null))}
            error={!!emailError}
            helperText={emailError}
            required
            fullWidth
            autoFocus
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="invite-form" busy={state.isLoading} submitDisabled={!companyId} submitLabel={t(`${P}.send`)} submitTestId="invite-send" />
    </Dialog>
  );
}

function InvitationsGrid({ rows, loading, showCompany }: { rows: InvitationDto[]; loading: boolean; showCompany: boolean }) {
  const { t } = useTranslation();
  const columns: GridColDef<InvitationDto>[] = [
    { field: 'email', headerName: t(`${P}.email`), flex: 1, minWidth: 200 },
    ...(showCompany ? [{ field: 'companyName', headerName: t(`${P}.company`), flex: 1, minWidth: 160 } satisfies GridColDef<InvitationDto>] : []),
    { field: 'kind', headerName: t(`${P}.kind`), width: 140, valueGetter: (_v, r) => t(`${P}.kinds.${r.kind}`) },
    {
      field: 'status',
      headerName: t(`${P}.status`),
      width: 130,
      valueGetter: (_v, r) => t(`${P}.statuses.${r.status}`),
      renderCell: (p) => <Chip size="small" variant="outlined" color={p.row.status === 'accepted' ? 'success' : 'default'} label={t(`${P}.statuses.${p.row.status}`)} />,
    },
    { field: 'invitedAt', headerName: t(`${P}.invitedAt`), width: 170, valueGetter: (_v, r) => new Date(r.invitedAt).toLocaleString('es-PE') },
  ];
  return (
    <Paper variant="outlined" sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid
        aria-label={t(`${P}.gridLabel`)}
        rows={rows}
        getRowId={(r) => r._id}
        columns={columns}
        loading={loading}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={[25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t(`${P}.empty`) }}
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
      />
    </Paper>
  );
}

/** `invitations` (module administrator): every company's invitations; invites a company's administrator. */
export function OrganizerInvitationsPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const list = useEventInvitationsQuery(eventId ?? '', { skip: !eventId });
  const companies = useExhibitorCompaniesQuery(eventId ?? '', { skip: !eventId });
  const [open, setOpen] = useState(false);
  if (list.error) return <ErrorView {...describeError(list.error)} />;
  const none = companies.data?.length === 0;
  return (
    <>
      <PageHeader
        title={t(`${P}.organizerTitle`)}
        subtitle={t(`${P}.organizerSubtitle`)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)} disabled={!companies.data || none} data-testid="invite-open">
            {t(`${P}.inviteAdmin`)}
          </Button>
        }
      />
      {none && <Alert severity="info" sx={{ mb: 2 }}>{t(`${P}.noCompanies`)}</Alert>}
      <InvitationsGrid rows={list.data ?? []} loading={list.isFetching} showCompany />
      {open && eventId && companies.data && <InviteDialog eventId={eventId} companies={companies.data} kinds={['admin']} onClose={() => setOpen(false)} />}
    </>
  );
}

/** `/invitation`, `/exhibitor`, `/speaker` (exhibitor role): the chosen company's people; its administrator invites within quotas. */
function CompanyPeoplePage({ kind }: { kind: 'exhibitor' | 'speaker' | null }) {
  const { t } = useTranslation();
  const { eventId, eventCode } = useModuleArea();
  const mine = useMyExhibitorCompaniesQuery(eventCode ?? '', { skip: !eventCode });
  const company = mine.data?.find((c) => c._id === currentCompany()) ?? mine.data?.[0];
  const list = useCompanyInvitationsQuery({ eventId: eventId ?? '', companyId: company?._id ?? '' }, { skip: !eventId || !company });
  const [open, setOpen] = useState(false);
  if (list.error) return <ErrorView {...describeError(list.error)} />;
  const rows = (list.data ?? []).filter((r) => (kind ? r.kind === kind : true));
  const key = kind ?? 'all';
  return (
    <>
      <PageHeader
        title={t(`${P}.people.${key}`)}
        subtitle={company ? t(`${P}.peopleSubtitle`, { company: company.name, exhibitors: `${company.usedExhibitors}/${company.quantityExhibitors}`, speakers: `${company.usedSpeakers}/${company.quantitySpeakers}` }) : undefined}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)} disabled={!company} data-testid="invite-open">
            {t(`${P}.invite.${key}`)}
          </Button>
        }
      />
      {mine.data?.length === 0 && <Alert severity="info">{t(`${P}.noCompany`)}</Alert>}
      <InvitationsGrid rows={rows} loading={list.isFetching} showCompany={false} />
      {open && eventId && company && <InviteDialog eventId={eventId} companies={[company]} kinds={kind ? [kind] : ['exhibitor', 'speaker']} onClose={() => setOpen(false)} />}
    </>
  );
}

export const CompanyInvitationsPage = () => <CompanyPeoplePage kind={null} />;
export const CompanyExhibitorsPage = () => <CompanyPeoplePage kind="exhibitor" />;
export const CompanySpeakersPage = () => <CompanyPeoplePage kind="speaker" />;
