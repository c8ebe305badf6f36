import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PARTICIPANT_TYPES, fieldsForType, offers, type ParticipantType, type ProductInput } from '@contracts/businessConference-participants';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useMeQuery } from '../../accounts/api';
import { useBcpMyRegistrationQuery, useBcpPublicRoundQuery, useBcpRegisterMutation, useBcpUpdateProfileMutation } from './api';
import {
  ProductFields,
  ProfileFields,
  checkProduct,
  checkProfile,
  deadlineText,
  emptyProduct,
  emptyProfile,
  hasErrors,
  profileBody,
  profileOf,
  serverErrors,
  type Errors,
  type ProfileValues,
} from './components';

const P = 'businessConference.participants';

/**
 * /{eventCode}/businessConference/{BCCode}/{type} (without BCCode: the event's first round): a signed-in user registers in a round as offerer (offer),
 * demander (demand) or both (offer_demand): company profile, contact, the round's fields and, for offerers,
 * products. A user already registered in the round edits their registration here instead (then .../updated/{id}).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventCode = '', BCCode = '', type: typeParam = '' } = useParams();
  const { data: me } = useMeQuery();
  const pub = useBcpPublicRoundQuery({ eventCode, code: BCCode }, { skip: !eventCode });
  const roundId = pub.data?.round._id;
  const mine = useBcpMyRegistrationQuery(roundId ?? '', { skip: !roundId, refetchOnMountOrArgChange: true });
  const existing = mine.data?.participant ?? null;
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [products, setProducts] = useState<ProductInput[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [clientId] = useState(newClientId);
  const [register, reg] = useBcpRegisterMutation();
  const [update, upd] = useBcpUpdateProfileMutation();

  useEffect(() => {
    if (values || !mine.data) return;
    setValues(existing ? profileOf(existing) : emptyProfile(me?.displayName ?? ''));
  }, [mine.data, existing, values, me?.displayName]);

  if (!PARTICIPANT_TYPES.includes(typeParam as ParticipantType)) return <ErrorView status={404} />;
  if (pub.error) return <ErrorView {...describeError(pub.error)} />;
  if (mine.error) return <ErrorView {...describeError(mine.error)} />;
  if (!pub.data || !values) return <LinearProgress aria-label={t(`${P}.loading`)} />;

  const { round, event } = pub.data;
  const type = existing?.type ?? (typeParam as ParticipantType);
  const defs = fieldsForType(type, round);
  const productsClosed = !!round.productDeadline && Date.now() > Date.parse(round.productDeadline);
  // After the round's product deadline the registration goes without products (the server would refuse them).
  const withProducts = offers(type) && !existing && !productsClosed;
  const saving = reg.isLoading || upd.isLoading;

  const submit = async () => {
    const errs: Errors = checkProfile(values, defs, t(`${P}.required`));
    if (withProducts) products.forEach((p, i) => Object.assign(errs, checkProduct(p, `products.${i}.`)));
    setErrors(errs);
    if (hasErrors(errs)) return;
    try {
      if (existing) {
        await update({ id: existing._id, body: { clientId, ...profileBody(values) } }).unwrap();
        navigate(`/${encodeURIComponent(event.eventCode)}/businessConference/updated/${existing._id}`);
      } else {
        const r = await register({ clientId, eventCode: event.eventCode, code: round.code, type, ...profileBody(values), products: withProducts ? products : [] }).unwrap();
        navigate(`/${encodeURIComponent(event.eventCode)}/businessConference/confirmation/${r.data.participant!._id}`);
      }
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
        {existing ? t(`${P}.editTitle`) : t(`${P}.registerTitle.${type}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`${P}.roundLine`, { round: round.name, event: event.eventName })}
      </Typography>
      {existing && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="already-registered">
          {t(`${P}.alreadyRegistered`, { type: t(`${P}.type.${existing.type}`), status: t(`${P}.status.${existing.status}`) })}
        </Alert>
      )}
      {offers(type) && round.productDeadline && (
        <Alert severity={productsClosed ? 'info' : 'warning'} sx={{ mb: 2 }}>
          {t(productsClosed ? `${P}.productDeadlinePassed` : `${P}.productDeadlineNotice`, { date: deadlineText(round.productDeadline, round.timeZone) })}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label={t(`${P}.formLabel`)}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ProfileFields
            values={values}
            defs={defs}
            errors={errors}
            email={me?.email}
            onChange={(v, touched) => {
              setValues(v);
              setErrors((e) => ({ ...e, [touched]: undefined }));
            }}
          />
        </Paper>
        {withProducts && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Typography component="h2" sx={{ fontWeight: 700 }}>
              {t(`${P}.productsSection`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`${P}.productsHelp`)}
            </Typography>
            {products.map((p, i) => (
              <Box key={i} sx={{ display: 'grid', gap: 1, borderTop: 1, borderColor: 'divider', pt: 2 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 600 }}>{t(`${P}.productN`, { n: i + 1 })}</Typography>
                  <IconButton aria-label={t(`${P}.removeProductN`, { n: i + 1 })} onClick={() => setProducts((list) => list.filter((_, j) => j !== i))}>
                    <DeleteIcon />
                  </IconButton>
                </Box>
                <ProductFields value={p} prefix={`products.${i}.`} errors={errors} onChange={(v) => setProducts((list) => list.map((x, j) => (j === i ? v : x)))} />
              </Box>
            ))}
            <Box>
              <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setProducts((list) => [...list, emptyProduct()])} data-testid="add-product">
                {t(`${P}.addProduct`)}
              </Button>
            </Box>
          </Paper>
        )}
        {existing && offers(existing.type) && (
          <Alert severity="info">{t(`${P}.productsLater`, { count: mine.data?.products.length ?? 0 })}</Alert>
        )}
        {(reg.error || upd.error) && <Alert severity="error">{apiErrorMessage(reg.error ?? upd.error, t(`${P}.saveFailed`))}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={saving} data-testid="register-submit">
            {saving ? t(`${P}.saving`) : existing ? t(`${P}.saveChanges`) : t(`${P}.submitRegistration`)}
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
