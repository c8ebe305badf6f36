import { describe, expect, it } from 'vitest';
import { clampRadius, initials } from '../../web/src/components/Avatar';

// Spec section 5: first letter of each word, upper-cased, at most 3 (chat panel: 2); radius 0-50.
describe('Avatar rules', () => {
  it('takes the first letter of each word, upper-cased, at most 3', () => {
    expect(initials('ana maría pérez')).toBe('AMP');
    expect(initials('  Lucía   Fernández Soto Ruiz ')).toBe('LFS');
    expect(initials('Óscar')).toBe('Ó');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('takes at most 2 for the chat panel', () => {
    expect(initials('Lucía Fernández Soto', 2)).toBe('LF');
  });

  it('never exceeds 3 even if asked for more', () => {
    expect(initials('a b c d e', 5)).toBe('ABC');
  });

  it('limits the radius to 0-50', () => {
    expect(clampRadius(-10)).toBe(0);
    expect(clampRadius(75)).toBe(50);
    expect(clampRadius(20)).toBe(20);
    expect(clampRadius(undefined)).toBe(50);
  });
});
