import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { POLL_INTERESTS, type MyPollItem, type PollAnswerDto, type PollInterest } from '@contracts/businessConference-insights';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { CURRENCY_PREFIX } from '../../events/format';
import { useAnswerPollMutation } from './api';

/** Minor units from what the participant typed ("1500.5" -> 150050); null when it is not an amount. */
export function toMinor(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** A meeting's start in the round's time zone (the browser's when none is known). */
export function when(iso: string, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('es-PE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString('es-PE');
  }
}

const fromMinor = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2));

/**
 * The poll of one meeting, for the signed-in participant's side: interest in the counterpart, expected business,
 * satisfaction 1-5 and a comment. Saving again changes the answer until the round ends; a retried save (same
 * values) keeps its client id, so it is recorded once.
 */
export function PollForm({ roundId, item, currency, open, timeZone }: { roundId: string; item: MyPollItem; currency: string; open: boolean; timeZone?: string }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`businessConference.insights.${key}`);
  // The saved answer is shown at once (the list's refetch may lag behind the read model).
  const [local, setLocal] = useState<PollAnswerDto | null>(null);
  const a = local && (!item.answer || local.revision >= item.answer.revision) ? local : item.answer;
  const [interest, setInterest] = useState<PollInterest | ''>(a?.interest ?? '');
  const [amount, setAmount] = useState(a ? fromMinor(a.expectedAmount) : '');
  const [satisfaction, setSatisfaction] = useState<number | null>(a?.satisfaction ?? null);
  const [comment, setComment] = useState(a?.comment ?? '');
  const [saved, setSaved] = useState(false);
  const [touched, setTouched] = useState(false);
  const [answer, state] = useAnswerPollMutation();
  const id = useId();
  // One client id per distinct answer: a retry of the same values is the same command.
  const clientIds = useRef(new Map<string, string>());
  const minor = toMinor(amount);
  const key = useMemo(() => JSON.stringify([interest, minor, satisfaction, comment.trim()]), [interest, minor, satisfaction, comment]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (interest === '' || satisfaction === null || minor === null) return;
    let clientId = clientIds.current.get(key);
    if (!clientId) clientIds.current.set(key, (clientId = newClientId()));
    setSaved(false);
    try {
      const r = await answer({ roundId, meetingId: item.meetingId, body: { clientId, interest, expectedAmount: minor, satisfaction, comment: comment.trim() } }).unwrap();
      setLocal(r.data);
      setSaved(true);
    } catch {
      /* shown below */
    }
  }

  const title = item.counterpart.companyName || k('unknownCompany');
  return (
    <Paper component="form" variant="outlined" onSubmit={submit} sx={{ p: 2 }} aria-labelledby={`${id}-title`} data-testid={`poll-form-${item.meetingId}`} noValidate>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={`${id}-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {item.counterpart.sector && <Chip size="small" label={item.counterpart.sector} />}
        <Chip size="small" color={a ? 'success' : 'default'} label={a ? k('answered') : k('pending')} data-testid="poll-status" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {[
          item.counterpart.contactName,
          item.startsAt ? when(item.startsAt, timeZone) : k('notScheduled'),
          item.table !== null ? t('businessConference.insights.table', { table: item.table }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label={k('interest')}
          value={interest}
          onChange={(e) => setInterest(e.target.value as PollInterest)}
          disabled={!open}
          required
          error={touched && interest === ''}
          helperText={touched && interest === '' ? k('required') : ' '}
          slotProps={{ select: { inputProps: { 'data-testid': 'poll-interest' } } }}
        >
          {POLL_INTERESTS.map((x) => (
            <MenuItem key={x} value={x}>
              {k(`interests.${x}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={`${k('expectedAmount')} (${CURRENCY_PREFIX[currency as keyof typeof CURRENCY_PREFIX] ?? currency})`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          disabled={!open}
          error={minor === null}
          helperText={minor === null ? k('invalidAmount') : k('amountHint')}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'poll-amount' } }}
        />
      </Box>
      <Box sx={{ my: 1 }}>
        <Typography id={`${id}-sat`} component="p" variant="body2" sx={{ fontWeight: 600 }}>
          {k('satisfaction')} *
        </Typography>
        <Rating
          name={`satisfaction-${item.meetingId}`}
          value={satisfaction}
          onChange={(_e, v) => setSatisfaction(v)}
          disabled={!open}
          size="large"
          aria-labelledby={`${id}-sat`}
          getLabelText={(v) => t('businessConference.insights.stars', { count: v })}
          data-testid="poll-satisfaction"
        />
        {touched && satisfaction === null && (
          <Typography variant="caption" color="error" component="p">
            {k('required')}
          </Typography>
        )}
      </Box>
      <TextField
        label={k('comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        disabled={!open}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'poll-comment' } }}
      />
      {state.isError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="poll-error">
          {apiErrorMessage(state.error, t('common.unexpectedError'))}
        </Alert>
      )}
      {saved && !state.isError && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="poll-saved">
          {k('saved')}
        </Alert>
      )}
      {open && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={state.isLoading} data-testid="poll-submit">
            {a ? k('update') : k('submit')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
