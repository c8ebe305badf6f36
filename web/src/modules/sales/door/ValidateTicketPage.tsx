import CancelIcon from '@mui/icons-material/Cancel';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { useTranslation } from '../../../i18n';
import { useTicketValidityQuery } from './api';

/** A date and time in the event's zone. */
const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'long', timeStyle: 'short', hour12: false, timeZone }).format(new Date(iso));

/**
 * /validateTicket/{code} (spec, public event pages): anyone holding a ticket's code (a phone's camera on its QR)
 * sees whether the ticket is genuine and still valid. It names no person; the door admits at /tickets/validate.
 */
export function Component() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const { data, error, isLoading } = useTicketValidityQuery(code, { skip: !code });
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('sales.door.validity.title')}
      </Typography>
      {isLoading && <LinearProgress aria-label={t('common.loading')} />}
      {error && (
        <Alert severity="error" data-testid="ticket-validity-error">
          {apiErrorMessage(error, t('sales.door.validity.unknown'))}
        </Alert>
      )}
      {data && (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="ticket-validity">
          <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center' }}>
            {data.status === 'valid' ? <VerifiedIcon color="success" fontSize="large" /> : <CancelIcon color="error" fontSize="large" />}
            <Typography variant="h5" component="p" color={data.status === 'valid' ? 'success.main' : 'error.main'}>
              {t(`sales.door.validity.status_${data.status}`)}
            </Typography>
          </Stack>
          <Typography variant="h6" component="h2">
            <Link component={RouterLink} to={`/e/${encodeURIComponent(data.event.eventCode)}`}>
              {data.event.eventName}
            </Link>
          </Typography>
          <Typography color="text.secondary">{when(data.event.startDate, data.event.timeZone)}</Typography>
          {data.event.venue && <Typography color="text.secondary">{data.event.venue}</Typography>}
          <Typography sx={{ mt: 2 }}>{t('sales.door.validity.type', { name: data.ticketTypeName })}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-all' }}>
            {t('sales.door.validity.code', { code: data.code })}
          </Typography>
        </Paper>
      )}
    </Container>
  );
}
