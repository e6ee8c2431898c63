import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Raw SQL names status codes through the domain's sets (`sqlCode`, `sqlCodes` in src/db/codes.ts), so
 * what "accepted" or "used" means is written once. A number compared with a status column in a raw
 * statement (`o.status in (2, 4)`, `where status = 1`) is refused here. The migrations are history and
 * keep what they said.
 */
const apiDir = path.resolve(import.meta.dirname, '../..');
const STATUS_LITERAL = /\bstatus\s*(?:=|<>|!=|<=|>=|<|>)\s*\d|\bstatus\s+(?:not\s+)?in\s*\(\s*\d/i;

/** The text of every raw statement in a source: sql`…` templates (their literal parts) and sql.raw('…'). */
function rawSql(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const t = node.template;
      found.push(ts.isNoSubstitutionTemplateLiteral(t) ? t.text : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' … '));
    }
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'sql.raw') {
      const [arg] = node.arguments;
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) found.push(arg.text);
      if (arg && ts.isTemplateExpression(arg)) found.push([arg.head.text, ...arg.templateSpans.map((s) => s.literal.text)].join(' … '));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `file: the statement's line` for each raw statement comparing a status with a number. */
function offenders(files: string[]): string[] {
  return files.flatMap((file) =>
    rawSql(file, readFileSync(file, 'utf8'))
      .flatMap((statement) => statement.split('\n').filter((line) => STATUS_LITERAL.test(line)))
      .map((line) => `${path.relative(apiDir, file)}: ${line.trim()}`),
  );
}

describe('status codes in raw SQL', () => {
  it('come from the domain’s named codes, never a number in the statement', () => {
    const files = globSync(['src/**/*.ts', 'bench/**/*.ts'], { cwd: apiDir, absolute: true, ignore: ['**/*.test.ts'] });
    expect(files.length).toBeGreaterThan(100);
    expect(offenders(files)).toEqual([]);
  });

  it('would be caught, in a template or in sql.raw', () => {
    const planted = path.join(apiDir, 'planted.ts');
    const text = [
      'const a = sql`select 1 from orders o where o.status in (2, 4) and $' + '{x}`;',
      'const b = sql.raw("update v set scan = case when status = 1 then 0 end");',
      'const c = sql`where status = $' + '{sqlCode(1)}`;',
    ].join('\n');
    expect(rawSql(planted, text).filter((s) => STATUS_LITERAL.test(s))).toHaveLength(2);
  });
});
