import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Readers of the ticket documents for tests: zbarimg for QR codes, Ghostscript for PDFs, an iCalendar line splitter. */

/** What a real reader (Debian zbar-tools) reads in an image or a page rendering. */
export function zbar(file: string): string[] {
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').filter(Boolean);
}

/** Text of a PDF and its pages as PNG (Ghostscript): proves the file is a PDF a real reader opens. */
export function pdfText(file: string): string {
  return execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=txtwrite', '-sOutputFile=-', file], { encoding: 'utf8' });
}
export function pdfPages(file: string, out: string): string[] {
  execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pnggray', '-r110', `-sOutputFile=${out}-%d.png`, file]);
  const pages: string[] = [];
  for (let i = 1; existsSync(`${out}-${i}.png`); i++) pages.push(`${out}-${i}.png`);
  return pages;
}

/** Unfolded iCalendar content lines as [name (without parameters), value]. */
export function icsLines(ics: string): [string, string][] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split(/\r\n/)
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return [l.slice(0, i).split(';')[0], l.slice(i + 1)];
    });
}
