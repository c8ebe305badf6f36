import { useTranslation } from '../../i18n';
import { useModuleArea } from '../events/area/context';
import { CampaignList } from './campaigns';

/** /module/{userId}/mails/massMailing: the organizer's campaigns (e-mail and WhatsApp). */
export default function MassMailingPage() {
  const { t } = useTranslation();
  const { administrator } = useModuleArea();
  return <CampaignList scope={{}} base={`/module/${encodeURIComponent(administrator)}/mails/massMailing`} title={t('mails.list.title')} subtitle={t('mails.list.subtitle')} />;
}
