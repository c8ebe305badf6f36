import { useModuleArea } from '../events/area/context';
import { CampaignWizard } from './CampaignWizard';

/** /module/{userId}/mails/massMailing/new: a new campaign to the organizer's contacts. */
export default function CampaignWizardPage() {
  const { administrator } = useModuleArea();
  return <CampaignWizard scope={{}} base={`/module/${encodeURIComponent(administrator)}/mails/massMailing`} />;
}
