/** "25.50" or "25,5" -> 2550 minor units; null when not an amount with at most two decimals. */
export function toMinor(text: string): number | null {
  const v = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(v)) return null;
  const [units, cents = ''] = v.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}
