import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { pagesOf } from '@contracts/access';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadStrings, useTranslation } from '../../../i18n';
import { modulePath, useModuleArea } from '../../events/area/context';
import type { CurrentRound } from './useRound';
import { useCurrentRound } from './useRound';

const MODULE = 'businessConference';
const PARTICIPANT_ROLES = ['offer', 'demand', 'offer_demand'];
const SETTINGS_PAGE = '/settings/businessConference';
/** Pages a team member may open while the event has no round (where rounds are created, and the Tablero). */
const WITHOUT_ROUND = ['', SETTINGS_PAGE, '/settings/reminders'];

/**
 * The module area's round state for the toolbar: the rounds of the event in the URL (id or eventCode) while the
 * business conference is the module shown, nothing otherwise.
 */
export function useConferenceRounds(module: string | undefined, event: string | undefined): CurrentRound {
  return useCurrentRound(module === MODULE ? event : undefined);
}

/** The toolbar's round selector (spec 2 "Layouts and toolbars"): shown in the business conference with rounds. */
export function RoundSelector({ state }: { state: CurrentRound }) {
  const { t } = useTranslation();
  const { round, rounds, select } = state;
  // The toolbar belongs to the events area: the label's bundle may not be loaded by a page yet.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadStrings(['businessConference']).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (rounds.length === 0 || !ready) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 180, maxWidth: { xs: '100%', sm: 280 }, flex: { xs: '1 1 180px', sm: '0 1 auto' } }}>
      <InputLabel id="round-select-label">{t('businessConference.rounds.selector')}</InputLabel>
      <Select labelId="round-select-label" label={t('businessConference.rounds.selector')} value={round?._id ?? ''} onChange={(e) => select(String(e.target.value))} data-testid="round-select">
        {rounds.map((r) => (
          <MenuItem key={r._id} value={r._id}>
            {r.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const sideOf = (page: string) => (page.startsWith('/offer') ? 'offer' : page.startsWith('/demand') ? 'demand' : null);
const roleOpens = (role: string, side: 'offer' | 'demand') => role === 'offer_demand' || role === side;

/**
 * Round redirects (spec 4 "Round switching", spec 5, spec 8), rendered inside the module area:
 * - a participant on an offer or demand page whose chosen round does not allow that side goes to the first page
 *   their role in that round allows (the module root when that is the Tablero or there is none);
 * - a team member on a page that needs a round while the event has none goes to settings/businessConference,
 *   where rounds are created.
 */
export function RoundRedirects({ state }: { state: CurrentRound }) {
  const { module, page, role, administrator, eventParam } = useModuleArea();
  const navigate = useNavigate();
  const { round, rounds, loading } = state;
  useEffect(() => {
    // From the URL: role validation fails (no event known) on a page the chosen round's role does not open.
    if (module !== MODULE || !eventParam || loading) return;
    const base = modulePath(administrator, eventParam, MODULE);
    const side = sideOf(page);
    if (side && (!round || (PARTICIPANT_ROLES.includes(round.role) && !roleOpens(round.role, side)))) {
      const first = round ? pagesOf(MODULE, round.role)[0] : undefined;
      const target = first ? `${base}${first}` : base;
      if (target !== `${base}${page}`) navigate(target, { replace: true });
      return;
    }
    if (rounds.length === 0 && role && !PARTICIPANT_ROLES.includes(role) && !WITHOUT_ROUND.includes(page) && !page.startsWith('/support')) {
      navigate(`${base}${SETTINGS_PAGE}`, { replace: true });
    }
  }, [module, eventParam, administrator, loading, page, round, rounds.length, role, navigate]);
  return null;
}
