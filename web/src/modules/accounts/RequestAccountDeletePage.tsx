import { useTranslation } from '../../i18n';
import { AuthCard } from '../../components/AuthCard';
import { useRequestAccountDeleteMutation } from './api';
import { ClickAction } from './TokenAction';

/** /appControl/requestAccountDelete (signed in): sends the confirmation link by e-mail. */
export function Component() {
  const { t } = useTranslation();
  const [request] = useRequestAccountDeleteMutation();
  return (
    <AuthCard title={t('auth.deleteAccount.requestTitle')} subtitle={t('auth.deleteAccount.requestText')}>
      <ClickAction
        run={() => request().unwrap()}
        label={t('auth.deleteAccount.requestSubmit')}
        failed={t('common.unexpectedError')}
        done={t('auth.deleteAccount.requested')}
      />
    </AuthCard>
  );
}
