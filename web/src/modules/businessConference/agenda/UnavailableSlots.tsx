import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useSetUnavailableSlotsMutation, useUnavailableSlotsQuery } from './api';
import { dayLabel, rangeOf } from './format';

/**
 * The slots a participant cannot meet: the round's slots by day as toggles, saved as one set. The participant
 * themself or the organizer's team may set them (the server checks who). The scheduler never uses them and a
 * manual move there is refused.
 */
export default function UnavailableSlots({ roundId, participantId }: { roundId: string; participantId: string }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const { data, isLoading, isError, refetch } = useUnavailableSlotsQuery({ roundId, participantId });
  const [save, saving] = useSetUnavailableSlotsMutation();
  const [marked, setMarked] = useState<Set<string> | null>(null);
  // One client id per edit: a retried save of the same set is answered once.
  const clientId = useRef(newClientId());

  useEffect(() => {
    if (data) setMarked(new Set(data.unavailable));
  }, [data]);

  const days = useMemo(() => {
    const byDay = new Map<string, NonNullable<typeof data>['slots']>();
    for (const s of [...(data?.slots ?? [])].sort((x, y) => x.index - y.index)) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
    return [...byDay.entries()];
  }, [data]);

  if (isLoading) return <CircularProgress aria-label={t('businessConference.agenda.loading')} />;
  if (isError || !data || !marked) {
    return (
      <Alert severity="error" action={<Button onClick={() => refetch()}>{t('businessConference.agenda.retry')}</Button>}>
        {t('businessConference.agenda.unavailable.loadError')}
      </Alert>
    );
  }
  const dirty = marked.size !== data.unavailable.length || data.unavailable.some((s) => !marked.has(s));
  const toggle = (slotId: string) => {
    const next = new Set(marked);
    if (next.has(slotId)) next.delete(slotId);
    else next.add(slotId);
    setMarked(next);
    clientId.current = newClientId();
  };
  const onSave = async () => {
    try {
      await save({ roundId, participantId, clientId: clientId.current, slotIds: [...marked] }).unwrap();
      notify(t('businessConference.agenda.unavailable.saved'), 'success');
    } catch (e) {
      notifyError(e, t('businessConference.agenda.unexpectedError'));
    }
  };

  return (
    <Box component="section" aria-labelledby={`bc-unavailable-${participantId}`}>
      <Typography id={`bc-unavailable-${participantId}`} variant="h6" component="h2" gutterBottom>
        {t('businessConference.agenda.unavailable.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('businessConference.agenda.unavailable.help')}
      </Typography>
      {days.length === 0 && <Alert severity="info">{t('businessConference.agenda.unavailable.noSlots')}</Alert>}
      <Stack spacing={2}>
        {days.map(([day, slots]) => (
          <Box key={day} role="group" aria-label={dayLabel(day)}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1, textTransform: 'capitalize' }}>
              {dayLabel(day)}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {slots.map((s) => {
                const off = marked.has(s.slotId);
                return (
                  <Chip
                    key={s.slotId}
                    label={rangeOf(s.start, s.end, data.timeZone)}
                    color={off ? 'error' : 'default'}
                    variant={off ? 'filled' : 'outlined'}
                    onClick={() => toggle(s.slotId)}
                    aria-pressed={off}
                    aria-label={`${rangeOf(s.start, s.end, data.timeZone)}: ${off ? t('businessConference.agenda.unavailable.off') : t('businessConference.agenda.unavailable.on')}`}
                  />
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button variant="contained" onClick={onSave} disabled={!dirty || saving.isLoading}>
          {t('businessConference.agenda.unavailable.save')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('businessConference.agenda.unavailable.count', { count: marked.size })}
        </Typography>
      </Stack>
    </Box>
  );
}
