import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation, withStrings } from '../../../i18n';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { TokenPage } from '../../accounts/TokenAction';
import { useConfirmInvitationMutation } from '../api';

/** The exhibitor module's invitations share the spec's page (their links carry `?type=exhibitor`). */
const ExhibitorAccept = lazy(withStrings(['exhibitor'], () => import('../../exhibitor/AcceptInvitation')));

/**
 * /confirm/invitation/{token}: the link of a collaborator invitation e-mail (signed in, guarded by the route).
 * A used, replaced or cancelled invitation shows the server's Spanish message.
 */
export function Component() {
  const [search] = useSearchParams();
  if (search.get('type') === 'exhibitor') {
    return (
      <Suspense fallback={null}>
        <ExhibitorAccept />
      </Suspense>
    );
  }
  return <CollaboratorInvitation />;
}

function CollaboratorInvitation() {
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
