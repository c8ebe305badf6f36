import Button from '@mui/material/Button';
import { useCallback } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard';
import { useTranslation } from '../../i18n';
import { TokenAction } from '../accounts/TokenAction';
import { useAcceptExhibitorInvitationMutation, useExhibitorInvitationQuery } from './api';

/**
 * /confirm/invitation/{token}?type=exhibitor: the link of an exhibitor company's invitation (signed in). Accepting
 * gives the exhibitor role in that company; the button then opens the company's pages of the event.
 */
export default function AcceptInvitation() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const info = useExhibitorInvitationQuery(token, { skip: !token });
  const [accept] = useAcceptExhibitorInvitationMutation();
  const run = useCallback(() => accept(token).unwrap(), [accept, token]);
  const target = info.data ? `/module/${encodeURIComponent(info.data.clientId)}/${encodeURIComponent(info.data.eventCode)}/exhibitor${info.data.kind === 'admin' ? '/invitation' : ''}` : '/module';
  return (
    <AuthCard title={t('exhibitor.accept.title')}>
      {info.data && <p>{t('exhibitor.accept.intro', { company: info.data.companyName, event: info.data.eventName, kind: t(`exhibitor.invitations.kinds.${info.data.kind}`) })}</p>}
      <TokenAction
        run={run}
        running={t('exhibitor.accept.running')}
        done={t('exhibitor.accept.done')}
        failed={t('exhibitor.accept.failed')}
        after={
          <Button component={RouterLink} to={target} variant="contained" fullWidth data-testid="accept-continue">
            {t('exhibitor.accept.continue')}
          </Button>
        }
      />
    </AuthCard>
  );
}
