import { ErrorView } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { useModuleArea } from '../events/area/context';
import { usePageParam } from '../events/pages/pageMatch';
import { CampaignDetail } from './CampaignDetail';
import { CampaignList } from './campaigns';
import { CampaignWizard } from './CampaignWizard';

/**
 * The store's WhatsApp pages of an event's attendees (/module/{client}/{event}/store/manageAttendees/campaignWhatsApp
 * and remindersWhatsApp): the event's attendee campaigns (src/http/contacts/campaign-audience-routes.ts), WhatsApp
 * only, the audience fixed to the event's attendees. A reminder is the same campaign with purpose `reminder`.
 */
type Kind = 'campaignWhatsApp' | 'remindersWhatsApp';
const purposeOf = (kind: Kind) => (kind === 'campaignWhatsApp' ? 'campaign' : 'reminder');

function useEventScope(kind: Kind) {
  const { eventId, base } = useModuleArea();
  return { eventId, base: `${base}/manageAttendees/${kind}` };
}

function List({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { eventId, base } = useEventScope(kind);
  if (!eventId) return <ErrorView status={404} />;
  return <CampaignList scope={{ eventId }} base={base} title={t(`mails.event.${kind}`)} subtitle={t(`mails.event.${kind}Help`)} channel="whatsapp" purpose={purposeOf(kind)} />;
}

function New({ kind }: { kind: Kind }) {
  const { eventId, base } = useEventScope(kind);
  if (!eventId) return <ErrorView status={404} />;
  return <CampaignWizard scope={{ eventId }} base={base} channels={['whatsapp']} purpose={purposeOf(kind)} />;
}

function Detail({ kind }: { kind: Kind }) {
  const { eventId, base } = useEventScope(kind);
  const id = usePageParam('id');
  if (!eventId || !id) return <ErrorView status={404} />;
  return <CampaignDetail scope={{ eventId }} id={id} base={base} />;
}

export const CampaignWhatsAppPage = () => <List kind="campaignWhatsApp" />;
export const CampaignWhatsAppNewPage = () => <New kind="campaignWhatsApp" />;
export const CampaignWhatsAppDetailPage = () => <Detail kind="campaignWhatsApp" />;
export const RemindersWhatsAppPage = () => <List kind="remindersWhatsApp" />;
export const RemindersWhatsAppNewPage = () => <New kind="remindersWhatsApp" />;
export const RemindersWhatsAppDetailPage = () => <Detail kind="remindersWhatsApp" />;
