import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidRuc } from '@contracts/exhibitor';
import { MATERIAL_KINDS, type MaterialKind, type ReservationDto, type StandCompanyInput, type StandDto } from '@contracts/exhibitor-stands';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { moneyMinor } from '../sales/checkout/format';
import { StandsPlan, StatusLegend } from './StandsPlan';
import { useExpoQuery, useReserveStandMutation, useStandOrderQuery, useStandReservationQuery, useUpdateStandOrderMutation, useUploadMaterialMutation } from './standsApi';

const P = 'exhibitor.expo';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function Page({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

const standLine = (s: StandDto) => `${s.zone ? `${s.zone} · ` : ''}${s.area} m² · ${moneyMinor(s.price, s.currency)}`;

/** /expo/{eventCode}: the plan with its free stands; a company picks one and goes on to reserve it. */
export function ExpoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = useParams().eventCode ?? '';
  const { data, error, isLoading } = useExpoQuery(code, { skip: !code });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const pick = (s: StandDto) => navigate(`/expo/${encodeURIComponent(data.eventCode)}/reservation/${newClientId()}?stand=${s._id}`);
  const free = data.stands.filter((s) => s.status === 'free');
  return (
    <Page title={`${t(`${P}.title`)} · ${data.eventName}`}>
      <Typography sx={{ mb: 2 }}>{t(`${P}.subtitle`)}</Typography>
      <StandsPlan stands={data.stands} imageUrl={data.imageUrl} label={t(`${P}.planLabel`)} onSelect={pick} selectable={(s) => s.status === 'free'} />
      <StatusLegend />
      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {t(`${P}.freeList`)}
      </Typography>
      {free.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{t(`${P}.noneFree`)}</Typography>
      ) : (
        <List>
          {free.map((s) => (
            <ListItem
              key={s._id}
              divider
              secondaryAction={
                <Button variant="contained" size="small" onClick={() => pick(s)} aria-label={t(`${P}.reserveNamed`, { code: s.code })}>
                  {t(`${P}.reserve`)}
                </Button>
              }
            >
              <ListItemText primary={`Stand ${s.code}`} secondary={standLine(s)} sx={{ pr: 10 }} />
            </ListItem>
          ))}
        </List>
      )}
      <Link component={RouterLink} to="/expo/terms/confidentialityPolicy">
        {t(`${P}.policyLink`)}
      </Link>
    </Page>
  );
}

type CompanyForm = { ruc: string; name: string; sector: string; address: string };
function companyErrors(t: (k: string) => string, f: CompanyForm) {
  const e: Record<string, string> = {};
  if (!isValidRuc(f.ruc.trim())) e.ruc = t(`${P}.rucInvalid`);
  if (!f.name.trim()) e.name = t(`${P}.required`);
  return e;
}

function CompanyFields({ form, errors, set }: { form: CompanyForm; errors: Record<string, string | undefined>; set: (k: keyof CompanyForm, v: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {(['ruc', 'name', 'sector', 'address'] as const).map((k) => (
        <TextField
          key={k}
          id={`company-${k}`}
          label={t(`${P}.field.${k}`)}
          value={form[k]}
          onChange={(e) => set(k, e.target.value)}
          error={!!errors[k]}
          helperText={errors[k]}
          required={k === 'ruc' || k === 'name'}
          slotProps={k === 'ruc' ? { htmlInput: { inputMode: 'numeric', maxLength: 11 } } : undefined}
          fullWidth
        />
      ))}
    </>
  );
}

function ReservationSummary({ r }: { r: ReservationDto }) {
  const { t } = useTranslation();
  const time = new Date(r.holdUntil).toLocaleTimeString('es-PE', { hour: '2-digit', minute: '2-digit' });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{`Stand ${r.stand.code}`}</Typography>
        <Typography>{standLine(r.stand)}</Typography>
        <Typography>{`${r.company.name} · RUC ${r.company.ruc}`}</Typography>
      </Paper>
      {r.status === 'held' && (
        <>
          <Alert severity="info" data-testid="stand-held">
            {t(`${P}.held`, { time })}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" component={RouterLink} to={`/reservationCulqi/${r.orderId}`}>
              {t(`${P}.pay`)}
            </Button>
            <Button variant="outlined" component={RouterLink} to={`/update/${r.orderId}`}>
              {t(`${P}.update`)}
            </Button>
          </Stack>
        </>
      )}
      {r.status === 'sold' && (
        <>
          <Alert severity="success" data-testid="stand-sold">
            {t(`${P}.sold`)}
          </Alert>
          <Button variant="contained" component={RouterLink} to={`/uploadCard/${r.orderId}`}>
            {t(`${P}.uploadCard`)}
          </Button>
        </>
      )}
      {r.status === 'expired' && (
        <Alert severity="warning">
          {t(`${P}.expired`)}{' '}
          <Link component={RouterLink} to={`/expo/${encodeURIComponent(r.eventCode)}`}>
            {t(`${P}.backToPlan`)}
          </Link>
        </Alert>
      )}
    </Stack>
  );
}

/** /expo/{eventCode}/reservation/{reservation}: the company's data for a stand, then its reservation and payment. */
export function ReservationPage() {
  const { t } = useTranslation();
  const { eventCode = '', reservation = '' } = useParams();
  const [search] = useSearchParams();
  const standId = search.get('stand') ?? '';
  const existing = useStandReservationQuery({ eventCode, reservation }, { skip: !eventCode || !reservation });
  const expo = useExpoQuery(eventCode, { skip: !eventCode });
  const [reserve, reserveState] = useReserveStandMutation();
  const [company, setCompany] = useState<CompanyForm>({ ruc: '', name: '', sector: '', address: '' });
  const [contact, setContact] = useState({ name: '', email: '', phone: '' });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);

  if (existing.data) return <Page title={t(`${P}.reservationTitle`, { code: existing.data.stand.code })}><ReservationSummary r={existing.data} /></Page>;
  if (existing.isLoading || expo.isLoading) return <LinearProgress aria-label={t('common.loading')} />;
  if (expo.error) return <ErrorView {...describeError(expo.error)} />;
  const stand = expo.data?.stands.find((s) => s._id === standId);
  if (!stand) return <ErrorView status={404} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const next: Record<string, string> = companyErrors(t, company);
    if (!contact.name.trim()) next.contactName = t(`${P}.required`);
    if (!EMAIL.test(contact.email.trim())) next.contactEmail = t(`${P}.emailInvalid`);
    if (!accepted) next.accept = t(`${P}.required`);
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await reserve({ eventCode, body: { reservationId: reservation, standId, company, contact } }).unwrap();
      void existing.refetch();
    } catch (err) {
      setFailure(apiErrorMessage(err, t('common.error')));
    }
  };
  const contactField = (k: 'name' | 'email' | 'phone', key: string) => (
    <TextField
      id={`contact-${k}`}
      label={t(`${P}.field.${key}`)}
      value={contact[k]}
      type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'}
      onChange={(e) => {
        setContact((c) => ({ ...c, [k]: e.target.value }));
        setErrors((x) => ({ ...x, [key]: undefined }));
      }}
      error={!!errors[key]}
      helperText={errors[key]}
      required={k !== 'phone'}
      fullWidth
    />
  );

  return (
    <Page title={t(`${P}.reservationTitle`, { code: stand.code })}>
      <Typography sx={{ mb: 2 }}>{standLine(stand)}</Typography>
      {stand.status !== 'free' && <Alert severity="warning" sx={{ mb: 2 }}>{t(`${P}.standGone`)}</Alert>}
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {t(`${P}.companyData`)}
          </Typography>
          <CompanyFields form={company} errors={errors} set={(k, v) => { setCompany((c) => ({ ...c, [k]: v })); setErrors((x) => ({ ...x, [k]: undefined })); }} />
          <Typography component="h2" variant="h6">
            {t(`${P}.contactData`)}
          </Typography>
          {contactField('name', 'contactName')}
          {contactField('email', 'contactEmail')}
          {contactField('phone', 'contactPhone')}
          <Box>
            <FormControlLabel control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />} label={t(`${P}.accept`)} />
            <Link component={RouterLink} to="/expo/terms/confidentialityPolicy" target="_blank">
              {t(`${P}.policyLink`)}
            </Link>
            {errors.accept && <Typography color="error" role="alert">{errors.accept}</Typography>}
          </Box>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={reserveState.isLoading} data-testid="reserve-stand">
            {t(`${P}.submit`)}
          </Button>
        </Stack>
      </Box>
    </Page>
  );
}

/** /update/{order}: the company updates its reservation and billing data. */
export function UpdatePage() {
  const { t } = useTranslation();
  const order = useParams().order ?? '';
  const { data, error, isLoading } = useStandOrderQuery(order, { skip: !order });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return <UpdateForm r={data} />;
}

function UpdateForm({ r }: { r: ReservationDto }) {
  const { t } = useTranslation();
  const [save, state] = useUpdateStandOrderMutation();
  const [form, setForm] = useState<CompanyForm>(r.company);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = companyErrors(t, form);
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save({ order: r.orderId, company: form as StandCompanyInput }).unwrap();
      setOutcome({ ok: true, text: t(`${P}.updateSaved`) });
    } catch (err) {
      setOutcome({ ok: false, text: apiErrorMessage(err, t('common.error')) });
    }
  };
  return (
    <Page title={`${t(`${P}.updateTitle`)} · Stand ${r.stand.code}`}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <CompanyFields form={form} errors={errors} set={(k, v) => { setForm((c) => ({ ...c, [k]: v })); setErrors((x) => ({ ...x, [k]: undefined })); }} />
          {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {t(`${P}.save`)}
          </Button>
        </Stack>
      </Box>
    </Page>
  );
}

const ACCEPT: Record<MaterialKind, string> = { logo: 'image/png,image/jpeg,image/webp', brochure: 'application/pdf', card: 'image/png,image/jpeg,image/webp,application/pdf' };

/** /uploadCard/{code}: the paid stand's materials (logo, brochure PDF, stand card), type and size checked by the API. */
export function UploadCardPage() {
  const { t } = useTranslation();
  const order = useParams().code ?? '';
  const { data, error, isLoading } = useStandOrderQuery(order, { skip: !order });
  const [upload, state] = useUploadMaterialMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Page title={t(`${P}.uploadTitle`, { code: data.stand.code })}>
      <Typography sx={{ mb: 2 }}>{t(`${P}.uploadHint`)}</Typography>
      {data.status !== 'sold' && <Alert severity="info" sx={{ mb: 2 }}>{t(`${P}.notPaidYet`)}</Alert>}
      <Stack spacing={2}>
        {MATERIAL_KINDS.map((kind) => {
          const done = data.materials.find((m) => m.kind === kind);
          return (
            <Paper key={kind} variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700, flex: '1 1 160px' }}>{t(`${P}.material.${kind}`)}</Typography>
              {done && <Typography sx={{ flex: '1 1 160px', overflowWrap: 'anywhere' }}>{t(`${P}.uploaded`, { name: done.fileName })}</Typography>}
              <Button component="label" variant="outlined" disabled={state.isLoading || data.status !== 'sold'}>
                {`${t(`${P}.choose`)}: ${t(`${P}.material.${kind}`)}`}
                <input
                  hidden
                  type="file"
                  accept={ACCEPT[kind]}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    setFailure(null);
                    if (file) upload({ order, kind, file }).unwrap().catch((err: unknown) => setFailure(apiErrorMessage(err, t('common.error'))));
                  }}
                />
              </Button>
            </Paper>
          );
        })}
        {failure && <Alert severity="error">{failure}</Alert>}
      </Stack>
    </Page>
  );
}

/** /expo/terms/confidentialityPolicy. */
export function PolicyPage() {
  const { t } = useTranslation();
  return (
    <Page title={t(`${P}.policyTitle`)}>
      {[1, 2, 3].map((i) => (
        <Typography key={i} sx={{ mb: 2 }}>
          {t(`${P}.policy${i}`)}
        </Typography>
      ))}
    </Page>
  );
}
