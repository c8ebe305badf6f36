import Button from '@mui/material/Button';
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { TokenAction } from '../../accounts/TokenAction';
import { useConfirmInvitationMutation } from '../api';

/**
 * /confirm/invitation/{token}: the link of a collaborator invitation e-mail (signed in, guarded by the route).
 * A used, replaced or cancelled invitation shows the server's Spanish message.
 */
export function Component() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [confirm] = useConfirmInvitationMutation();
  const run = useCallback(() => confirm(token!).unwrap(), [confirm, token]);
  return (
    <AuthCard title={t('events.invitation.title')}>
      <TokenAction
        run={run}
        running={t('events.invitation.confirming')}
        done={t('events.invitation.done')}
        failed={t('events.invitation.failed')}
        after={
          <Button component={RouterLink} to="/module" variant="contained" fullWidth>
            {t('events.invitation.goModules')}
          </Button>
        }
      />
    </AuthCard>
  );
}
