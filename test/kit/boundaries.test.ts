// Typed boundaries of the module kit, checked on the source text (docs/architecture.md, "Adding a module"):
//  (a) no `as unknown as` in src/ unless the line, or the comment line right above it, says why (`// cast:`);
//  (b) a module's read-model tables (its manifest's `tables`) are referenced only from that module's own
//      folders, plus the shared infrastructure listed in SHARED below. Other modules go through its query
//      functions (src/projections/<module>/queries.ts), so a table can change without hunting for readers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modules } from '../../src/modules/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(d.name) ? [p] : [];
  });
}
const files = sourceFiles(src).map((file) => ({ rel: path.relative(root, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

/** The folders every module owns (docs/architecture.md, "Layout and modules"). */
const ownFolders = (module: string) => ['projections', 'commands', 'workers', 'http'].map((layer) => `src/${layer}/${module}/`);

/**
 * Shared infrastructure allowed to name any module's tables: the database schema (kysely's DB type) and
 * migrations runner; nothing else today.
 */
const SHARED = ['src/db/'];

/** The text without comments (a `//` after `:` is a URL, not a comment), so prose never counts as a reference. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** Lines of `text` referencing `table` through kysely or raw SQL (keywords in capitals, as this code writes SQL). */
function references(text: string, table: string): number[] {
  const t = table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const builder = new RegExp(`\\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with|mergeInto)\\(\\s*\\[?\\s*['"\`]${t}(\\s+as\\s+\\w+)?['"\`]`);
  const raw = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+${t}\\b`);
  return withoutComments(text)
    .split('\n')
    .flatMap((line, i) => (builder.test(line) || raw.test(line) ? [i + 1] : []));
}

describe('typed boundaries of the module kit', () => {
  it("has no 'as unknown as' in src/ without a `// cast:` reason", () => {
    const offenders: string[] = [];
    for (const { rel, text } of files) {
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (!line.includes('as unknown as')) return;
        if (line.includes('// cast:') || /^\s*\/\/ cast:/.test(lines[i - 1] ?? '')) return;
        offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('finds the references it looks for (the scanner itself)', () => {
    const sample = `
      db.selectFrom('users').select('id');
      trx.insertInto("users as u");
      // reads FROM users in a comment: not a reference
      sql\`SELECT 1 FROM users WHERE id = \${id}\`;
      const url = 'http://x'; trx.deleteFrom('users');
      db.selectFrom('users_archive');`;
    expect(references(sample, 'users')).toEqual([2, 3, 5, 6]);
  });

  it("references each module's tables only from its own folders and the shared infrastructure", () => {
    const owners = new Map<string, string>();
    for (const m of modules) for (const table of m.tables ?? []) owners.set(table, m.name);
    expect(owners.size).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const { rel, text } of files) {
      if (SHARED.some((s) => rel.startsWith(s))) continue;
      for (const [table, owner] of owners) {
        if (ownFolders(owner).some((f) => rel.startsWith(f))) continue;
        for (const line of references(text, table)) offenders.push(`${rel}:${line} uses ${owner}'s ${table}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
