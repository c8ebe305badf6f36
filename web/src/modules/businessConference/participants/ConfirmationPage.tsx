import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useBcpParticipantQuery } from './api';
import { StatusChip } from './components';

const P = 'businessConference.participants';

/**
 * /{eventCode}/businessConference/confirmation/{register} (after registering) and .../updated/{register} (after
 * editing): what was recorded and what happens next (the organizer reviews the request).
 */
export function Component() {
  const { t } = useTranslation();
  const { eventCode = '', register = '' } = useParams();
  const updated = useLocation().pathname.includes('/businessConference/updated/');
  const { data, error, isLoading } = useBcpParticipantQuery(register, { skip: !register, refetchOnMountOrArgChange: true });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data?.participant) return <LinearProgress aria-label={t(`${P}.loading`)} />;
  const p = data.participant;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
        {updated ? t(`${P}.updatedTitle`) : t(`${P}.confirmationTitle`)}
      </Typography>
      <Alert severity="success" data-testid="registration-done">
        <AlertTitle>{updated ? t(`${P}.updatedBody`) : t(`${P}.confirmationBody`)}</AlertTitle>
        {p.status === 'pending' ? t(`${P}.pendingNext`) : p.status === 'approved' ? t(`${P}.approvedNext`) : t(`${P}.rejectedNext`)}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {p.company.name}
          </Typography>
          <StatusChip status={p.status} />
        </Box>
        <Typography variant="body2">{t(`${P}.rucLine`, { ruc: p.company.ruc })}</Typography>
        <Typography variant="body2">{t(`${P}.typeLine`, { type: t(`${P}.type.${p.type}`) })}</Typography>
        <Typography variant="body2">{t(`${P}.contactLine`, { name: p.contactName, email: p.email })}</Typography>
        {data.products.length > 0 && <Typography variant="body2">{t(`${P}.productsLine`, { names: data.products.map((x) => x.name).join(', ') })}</Typography>}
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/${encodeURIComponent(eventCode)}/businessConference/validate/${p.roundId}/${p.type}`} variant="outlined">
          {t(`${P}.editRegistration`)}
        </Button>
        <Button component={RouterLink} to={`/e/${encodeURIComponent(eventCode)}`}>
          {t(`${P}.backToEvent`)}
        </Button>
      </Box>
    </Container>
  );
}
