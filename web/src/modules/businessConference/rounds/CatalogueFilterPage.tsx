import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RoundDto } from '@contracts/businessConference-rounds';
import { useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../../sales/common/StaleVersion';
import { useUpdateCatalogueFilterMutation } from './api';
import { useCurrentRound } from './useRound';

function FilterEditor({ round, eventId }: { round: RoundDto; eventId: string }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const { roleData } = useModuleArea();
  const mayEdit = !!roleData?.actions.includes('meeting.manage');
  const [save, saving] = useUpdateCatalogueFilterMutation();
  const [chosen, setChosen] = useState<string[]>(round.catalogueFilter);
  const [clientId, setClientId] = useState(newClientId);
  const { stale, staleFrom } = useStaleVersion();
  const k = (key: string) => t(`businessConference.rounds.${key}`);

  // Sector first, then the offer fields, then the demand fields (a key is listed once).
  const options: { key: string; label: string; side?: string }[] = [{ key: 'sector', label: k('sector') }];
  for (const [side, fields] of [
    ['offer', round.offerFields],
    ['demand', round.demandFields],
  ] as const) {
    for (const f of fields) if (!options.some((o) => o.key === f.key)) options.push({ key: f.key, label: f.label, side: k(side === 'offer' ? 'offerSide' : 'demandSide') });
  }
  const toggle = (key: string, on: boolean) => {
    // Kept in the order of the list, so the catalogue shows the filters in that order.
    setChosen(options.map((o) => o.key).filter((x) => (x === key ? on : chosen.includes(x))));
    setClientId(newClientId());
  };

  const submit = async () => {
    try {
      await save({ eventId, roundId: round._id, body: { filter: chosen, expectedVersion: round.version, clientId } }).unwrap();
      notify(k('filterSaved'), 'success');
    } catch (error) {
      if (staleFrom(error)) return;
      notifyError(error, k('saveFailed'));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="catalogue-filter-form"
    >
      <StaleAlert message={stale} onReload={() => window.location.reload()} reloadLabel={k('reload')} testId="filter-reload" />
      <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 700, px: 0.5 }}>
          {k('filterLegend')}
        </Typography>
        <FormGroup>
          {options.map((o) => (
            <FormControlLabel
              key={o.key}
              control={<Checkbox checked={chosen.includes(o.key)} onChange={(e) => toggle(o.key, e.target.checked)} disabled={!mayEdit} />}
              label={o.side ? `${o.label} (${o.side})` : o.label}
              data-testid={`filter-${o.key}`}
            />
          ))}
        </FormGroup>
        {options.length === 1 && (
          <Typography variant="body2" color="text.secondary">
            {k('filterNoFields')}
          </Typography>
        )}
      </Paper>
      {mayEdit && (
        <Box>
          <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="filter-save">
            {saving.isLoading ? t('common.saving') : t('common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Configuración › Filtro del catálogo: which fields (and the sector) filter the round's catalogue. */
export default function CatalogueFilterPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { round, loading } = useCurrentRound();
  const k = (key: string) => t(`businessConference.rounds.${key}`);
  return (
    <Box>
      <PageHeader title={k('filterTitle')} subtitle={round ? t('businessConference.rounds.ofRound', { name: round.name }) : undefined} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {k('filterHelp')}
      </Typography>
      {loading ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : !round || !eventId ? (
        <Alert severity="info">{k('noRound')}</Alert>
      ) : (
        <FilterEditor key={`${round._id}:${round.version}`} round={round} eventId={eventId} />
      )}
    </Box>
  );
}
