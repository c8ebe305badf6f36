import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { usePublicEventQuery } from '../../events/api';
import { EventLine } from '../checkout/components';
import { useCheckCodeMutation } from './api';

/**
 * /{eventCode}/register/cupon: a buyer enters a discount or invitation code for the event; the server says what it
 * does (or why it does not work), and the buyer continues to the event's tickets with the code applied
 * (/e/{eventCode}?code=...).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventCode = useParams().eventCode ?? '';
  const { data: event, error, isLoading } = usePublicEventQuery(eventCode, { skip: !eventCode });
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [check, checked] = useCheckCodeMutation();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !event) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  const code = checked.data;

  const submit = async () => {
    const value = text.trim();
    if (!value) return setFieldError(t('sales.codes.codeRequired'));
    setFieldError(null);
    try {
      await check({ eventCode: event.data.eventCode, code: value }).unwrap();
    } catch (err) {
      setFieldError(apiErrorMessage(err, t('sales.codes.checkFailed')));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 1 }}>
        {t('sales.codes.cuponTitle')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <EventLine event={event.data} />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            id="cupon-code"
            label={t('sales.codes.enterCode')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFieldError(null);
              checked.reset();
            }}
            error={!!fieldError}
            helperText={fieldError ?? t('sales.codes.enterCodeHelp')}
            autoFocus
            sx={{ flex: '1 1 220px' }}
            slotProps={{ htmlInput: { 'data-testid': 'cupon-code', maxLength: 60, autoCapitalize: 'characters', style: { textTransform: 'uppercase' } } }}
          />
          <Button type="submit" variant="contained" disabled={checked.isLoading} sx={{ mt: 1 }} data-testid="cupon-check">
            {checked.isLoading ? t('sales.codes.checking') : t('sales.codes.check')}
          </Button>
        </Box>
        {code && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="cupon-result">
            <AlertTitle>{t('sales.codes.codeWorks', { code: code.code })}</AlertTitle>
            {code.summary}
            <Box sx={{ mt: 1.5 }}>
              <Button variant="contained" onClick={() => navigate(`/e/${encodeURIComponent(event.data.eventCode)}?code=${encodeURIComponent(code.code)}`)} data-testid="cupon-continue">
                {t('sales.codes.continueToTickets')}
              </Button>
            </Box>
          </Alert>
        )}
      </Paper>
      <Button component={RouterLink} to={`/e/${encodeURIComponent(event.data.eventCode)}`} sx={{ mt: 2 }}>
        {t('sales.codes.backToEvent')}
      </Button>
    </Container>
  );
}
