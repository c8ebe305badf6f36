import { useModuleArea } from '../../events/area/context';
import { useCurrentRound } from '../rounds/useRound';
import HelpButton from '../desk/HelpButton';
import { useConferenceHomeQuery } from './api';
import { HelpDrawer } from './HelpDrawer';
import { TourDialog } from './TourDialog';
import { CatalogueTip } from './CatalogueTip';

const PARTICIPANT_ROLES = ['offer', 'demand', 'offer_demand'];
/** Schedule pages (spec: the help drawer offers "ask the administrator for help" there). */
const SCHEDULES = /^\/(offer|demand)\/schedules(\/|$)/;
/** The offerer's own product pages (offer role, offer_demand role). */
const OFFER_CATALOGUE = ['/offer/productCatalog', '/offer/productCatalogue'];

/**
 * What the business conference's module area adds around a participant's pages: the welcome tour and the
 * support help drawer (mounted once by the module page for participant roles; team roles see neither).
 */
export default function ParticipantLayer() {
  const { role, page, eventId } = useModuleArea();
  const participant = !!role && PARTICIPANT_ROLES.includes(role);
  const { round } = useCurrentRound();
  const { data, isLoading, error } = useConferenceHomeQuery(undefined, { skip: !participant });
  if (!participant) return null;
  const entries = data?.rounds.filter((r) => r.round.eventId === eventId) ?? [];
  const entry = entries.find((r) => r.round._id === round?._id) ?? entries[0];
  return (
    <>
      <TourDialog role={role} roundName={round?.name} />
      {entry && entry.participant.type !== 'demand' && OFFER_CATALOGUE.includes(page) && <CatalogueTip productDeadline={entry.round.productDeadline} timeZone={entry.round.timeZone} />}
      <HelpDrawer entry={entry} loading={isLoading} error={error} schedulePage={SCHEDULES.test(page)} HelpButton={HelpButton} />
    </>
  );
}
