import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPiiVault } from '../../src/crypto/pii-vault.js';
import { createTestContext, type TestContext } from '../support/context.js';

describe('PII vault', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.dispose();
  });

  it('encrypts per subject, decrypts, and returns null after the key is forgotten', async () => {
    const vault = createPiiVault(ctx.db);
    const a = await vault.encrypt('subject-a', 'ana@example.test');
    const again = await vault.encrypt('subject-a', 'ana@example.test');
    expect(a.startsWith('pii:v1:')).toBe(true);
    expect(a).not.toContain('ana@');
    expect(again).not.toBe(a); // fresh IV every time
    expect(await vault.decrypt('subject-a', a)).toBe('ana@example.test');
    // Bound to its subject: another subject's key (or a tampered payload) does not open it.
    await vault.encrypt('subject-b', 'x');
    expect(await vault.decrypt('subject-b', a)).toBeNull();
    expect(await vault.decrypt('subject-a', a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA'))).toBeNull();
    expect(await vault.decrypt('subject-a', 'clear text')).toBeNull();

    await vault.forget('subject-a');
    expect(await vault.decrypt('subject-a', a)).toBeNull();
    expect(await vault.decrypt('subject-b', await vault.encrypt('subject-b', 'y'))).toBe('y');
  });

  it('gives two concurrent first writers of a subject the same key', async () => {
    const vault = createPiiVault(ctx.db);
    const [x, y] = await Promise.all([vault.encrypt('subject-c', 'uno'), vault.encrypt('subject-c', 'dos')]);
    expect(await vault.decrypt('subject-c', x)).toBe('uno');
    expect(await vault.decrypt('subject-c', y)).toBe('dos');
  });
});
