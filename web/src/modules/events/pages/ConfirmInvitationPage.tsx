import Button from '@mui/material/Button';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { TokenPage } from '../../accounts/TokenAction';
import { useConfirmInvitationMutation } from '../api';

/**
 * /confirm/invitation/{token}: the link of a collaborator invitation e-mail (signed in, guarded by the route).
 * A used, replaced or cancelled invitation shows the server's Spanish message.
 */
export function Component() {
  const { t } = useTranslation();
  const [confirm] = useConfirmInvitationMutation();
  return (
    <TokenPage
      title={t('events.invitation.title')}
      action={confirm}
      running={t('events.invitation.confirming')}
      done={t('events.invitation.done')}
      failed={t('events.invitation.failed')}
      after={
        <Button component={RouterLink} to="/module" variant="contained" fullWidth>
          {t('events.invitation.goModules')}
        </Button>
      }
    />
  );
}
