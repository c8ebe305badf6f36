import AddIcon from '@mui/icons-material/Add';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIELD_KINDS, type FieldKind, type RoundDto } from '@contracts/businessConference-rounds';
import { useState } from 'react';
import { apiErrorBody } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useInvalidFocus } from '../../../components/a11y';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../../sales/common/StaleVersion';
import { useUpdateRoundFieldsMutation } from './api';
import { useCurrentRound } from './useRound';

interface Row {
  /** Local identity for React (a new field has no key yet). */
  rowId: string;
  key?: string;
  label: string;
  kind: FieldKind;
  /** One option per line. */
  options: string;
  required: boolean;
}
const isChoice = (k: FieldKind) => k === 'choice' || k === 'multiChoice';

function FieldsEditor({ round, side, eventId }: { round: RoundDto; side: 'offer' | 'demand'; eventId: string }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { roleData } = useModuleArea();
  const mayEdit = !!roleData?.actions.includes('meeting.manage');
  const [save, saving] = useUpdateRoundFieldsMutation();
  const initial = side === 'offer' ? round.offerFields : round.demandFields;
  const [rows, setRows] = useState<Row[]>(() => initial.map((f) => ({ rowId: f.key, key: f.key, label: f.label, kind: f.kind, options: f.options.join('\n'), required: f.required })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [clientId, setClientId] = useState(newClientId);
  const { stale, staleFrom } = useStaleVersion();
  const invalid = useInvalidFocus();
  const k = (key: string) => t(`businessConference.rounds.${key}`);

  const change = (next: Row[]) => {
    setRows(next);
    setErrors({});
    setSummary(null);
    setClientId(newClientId());
  };
  const patch = (i: number, p: Partial<Row>) => change(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    change(next);
  };

  const submit = async () => {
    const fields = rows.map((r) => ({
      ...(r.key ? { key: r.key } : {}),
      label: r.label,
      kind: r.kind,
      options: isChoice(r.kind) ? r.options.split('\n').map((o) => o.trim()).filter((o) => o !== '') : [],
      required: r.required,
    }));
    try {
      await save({ eventId, roundId: round._id, side, body: { fields, expectedVersion: round.version, clientId } }).unwrap();
      notify(k('fieldsSaved'), 'success');
    } catch (error) {
      if (staleFrom(error)) return;
      const b = apiErrorBody(error);
      setErrors(Object.fromEntries((b?.errors ?? []).map((e) => [e.path, e.message])));
      setSummary(b?.messagePublic ?? k('saveFailed'));
      invalid.failed();
    }
  };

  return (
    <Box
      component="form"
      ref={invalid.ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="round-fields-form"
    >
      <StaleAlert message={stale} onReload={() => window.location.reload()} reloadLabel={k('reload')} testId="fields-reload" />
      {summary && (
        <Alert severity="error" role="alert">
          {summary}
        </Alert>
      )}
      {rows.length === 0 && <Alert severity="info">{k('noFields')}</Alert>}
      {rows.map((r, i) => {
        const at = (p: string) => errors[`fields.${i}.${p}`];
        return (
          <Paper key={r.rowId} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid={`field-row-${i}`}>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <TextField
                id={`field-${i}-label`}
                label={k('fieldLabel')}
                value={r.label}
                onChange={(e) => patch(i, { label: e.target.value })}
                error={!!at('label')}
                helperText={at('label')}
                disabled={!mayEdit}
                fullWidth
              />
              <TextField id={`field-${i}-kind`} select label={k('fieldKind')} value={r.kind} onChange={(e) => patch(i, { kind: e.target.value as FieldKind })} disabled={!mayEdit} fullWidth>
                {FIELD_KINDS.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {k(`kinds.${kind}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {isChoice(r.kind) && (
              <TextField
                id={`field-${i}-options`}
                label={k('fieldOptions')}
                value={r.options}
                onChange={(e) => patch(i, { options: e.target.value })}
                error={!!at('options')}
                helperText={at('options') ?? k('fieldOptionsHelp')}
                disabled={!mayEdit}
                multiline
                minRows={2}
                fullWidth
              />
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <FormControlLabel control={<Switch checked={r.required} onChange={(e) => patch(i, { required: e.target.checked })} disabled={!mayEdit} />} label={k('fieldRequired')} />
              <Box sx={{ flex: 1 }} />
              {mayEdit && (
                <>
                  <IconButton aria-label={t('businessConference.rounds.moveUp', { label: r.label || i + 1 })} disabled={i === 0} onClick={() => move(i, -1)}>
                    <ArrowUpIcon />
                  </IconButton>
                  <IconButton aria-label={t('businessConference.rounds.moveDown', { label: r.label || i + 1 })} disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
                    <ArrowDownIcon />
                  </IconButton>
                  <IconButton aria-label={t('businessConference.rounds.removeField', { label: r.label || i + 1 })} onClick={() => change(rows.filter((_, j) => j !== i))}>
                    <DeleteIcon />
                  </IconButton>
                </>
              )}
            </Box>
            {at('kind') && <FormHelperText error>{at('kind')}</FormHelperText>}
          </Paper>
        );
      })}
      {mayEdit && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} onClick={() => change([...rows, { rowId: newClientId(), label: '', kind: 'text', options: '', required: false }])} data-testid="field-add">
            {k('addField')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="fields-save">
            {saving.isLoading ? t('common.saving') : t('common.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Configuración › Campos de ofertantes / demandantes: the custom fields participants of the round fill in. */
export function FieldsPage({ side }: { side: 'offer' | 'demand' }) {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { round, loading } = useCurrentRound();
  const k = (key: string) => t(`businessConference.rounds.${key}`);
  return (
    <Box>
      <PageHeader title={k(side === 'offer' ? 'offerFieldsTitle' : 'demandFieldsTitle')} subtitle={round ? t('businessConference.rounds.ofRound', { name: round.name }) : undefined} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {k(side === 'offer' ? 'offerFieldsHelp' : 'demandFieldsHelp')}
      </Typography>
      {loading ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : !round || !eventId ? (
        <Alert severity="info">{k('noRound')}</Alert>
      ) : (
        <FieldsEditor key={`${round._id}:${round.version}:${side}`} round={round} side={side} eventId={eventId} />
      )}
    </Box>
  );
}

export const OfferFieldsPage = () => <FieldsPage side="offer" />;
export const DemandFieldsPage = () => <FieldsPage side="demand" />;
