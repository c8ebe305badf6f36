import { longDate, money } from '../../events/dates';

/** An amount in minor units (céntimos) of the currency, as the event pages write money: "S/. 25.00". */
export function moneyMinor(minor: number, currency: string | undefined): string {
  return money(minor / 100, currency);
}

/** "04:59": minutes and seconds left of a countdown (never negative). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** "Sábado, 12 de diciembre de 2026 · 19:00" in the event's zone (Lima's when unknown). */
export function dateTime(iso: string, timeZone?: string): string {
  return longDate(iso, timeZone);
}

/** The same inside a sentence ("pagado el martes, 24 de noviembre..."). */
export function dateInSentence(iso: string, timeZone?: string): string {
  const text = dateTime(iso, timeZone);
  return text.charAt(0).toLowerCase() + text.slice(1);
}
