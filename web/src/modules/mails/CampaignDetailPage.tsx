import { ErrorView } from '../../components/ErrorPage';
import { useModuleArea } from '../events/area/context';
import { usePageParam } from '../events/pages/pageMatch';
import { CampaignDetail } from './CampaignDetail';

/** /module/{userId}/mails/massMailing/{id}: one of the organizer's campaigns. */
export default function CampaignDetailPage() {
  const { administrator } = useModuleArea();
  const id = usePageParam('id');
  if (!id) return <ErrorView status={404} />;
  return <CampaignDetail scope={{}} id={id} base={`/module/${encodeURIComponent(administrator)}/mails/massMailing`} />;
}
