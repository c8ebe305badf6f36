import dayjs from '../../app/dayjs';
import { t } from '../../i18n';

/** Time of a message: today as h:mm a, this week as the weekday, older as DD/MM/YY. */
export function shortTime(iso: string): string {
  const d = dayjs(iso);
  const now = dayjs();
  if (d.isSame(now, 'day')) return d.format('h:mm a');
  if (now.diff(d, 'day') < 7) return d.format('ddd');
  return d.format('DD/MM/YY');
}

/** Time shown inside a bubble. */
export function bubbleTime(iso: string): string {
  return dayjs(iso).format('h:mm a');
}

/** Day separator label inside a conversation. */
export function dayLabel(iso: string): string {
  const d = dayjs(iso);
  const now = dayjs();
  if (d.isSame(now, 'day')) return t('chat.today');
  if (d.isSame(now.subtract(1, 'day'), 'day')) return t('chat.yesterday');
  return d.format('D [de] MMMM [de] YYYY');
}

const names = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });
/** "<nombre> escribiendo..." for a group room; several typists are joined ("Ana, Beto y Carla escribiendo..."). */
export function groupWritingText(typists: string[]): string {
  return t('chat.groups.writing', { names: names.format(typists) });
}

