import type { AuthUser } from '@contracts/accounts';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { apiErrorMessage } from '../app/api';
import { useTranslation } from '../i18n';
import { useResendVerificationMutation } from '../modules/accounts/api';

/** Dismissing hides the banner for this browser session (per account), not for good: the e-mail still needs proving. */
const dismissedKey = (userId: string) => `aforo.verifyBanner.dismissed.${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The slim banner under the top bar for a signed-in user whose e-mail is not verified: "Reenviar correo" sends
 * the verification mail again (POST verify/resend) and says how it went, in place.
 */
export default function VerifyEmailBanner({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readDismissed(user._id));
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(dismissedKey(user._id), '1');
    } catch {
      // Storage refused (private mode): hidden until the next load only.
    }
    setDismissed(true);
  };
  const onResend = async () => {
    setOutcome(null);
    const r = await resend();
    setOutcome(r.error ? { ok: false, text: apiErrorMessage(r.error, t('shell.verifyBanner.failed')) } : { ok: true, text: t('shell.verifyBanner.sent', { email: user.email }) });
  };

  return (
    <Alert
      severity={outcome ? (outcome.ok ? 'success' : 'error') : 'warning'}
      variant="standard"
      data-testid="verify-banner"
      role="region"
      aria-label={t('shell.verifyBanner.label')}
      sx={{ borderRadius: 0, py: 0, alignItems: 'center', '& .MuiAlert-message': { py: 0.75, minWidth: 0 }, '& .MuiAlert-action': { pt: 0, alignItems: 'center' } }}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => void onResend()} disabled={isLoading} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="verify-banner-resend">
            {t('shell.verifyBanner.resend')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={t('shell.verifyBanner.dismiss')} onClick={dismiss} data-testid="verify-banner-dismiss">
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <span role="status" data-testid="verify-banner-text">
        {outcome ? outcome.text : t('shell.verifyBanner.text', { email: user.email })}
      </span>
    </Alert>
  );
}
