import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Status codes are named once, in the domain's sets (`ORDER_CODES`, `ACCOUNT_CODES`, `VOUCHER_CODES`,
 * `GIFT_PURCHASE_CODES`, …), so what "accepted" or "used" means is written once. This walk over src/ and
 * bench/ refuses a status number written anywhere else:
 * - in raw SQL, a number compared with a status (`o.status in (2, 4)`, `where status = 1`,
 *   `${orders.status} <> 2`, `prev_status is distinct from 4`) in a sql``
 *   template or sql.raw: those go through `sqlCode` / `sqlCodes` (src/db/codes.ts);
 * - in a Drizzle condition, `eq|ne|inArray|notInArray|gt|gte|lt|lte(x.status, 0)` or with a list
 *   holding a number (`inArray(x.status, [2, 4])`);
 * - in a comparison, `status === 1` or `row.status !== 0` (`==`, `!=` too);
 * - in an object literal, `status: 1` (a `.set({ … })`, a `.values({ … })`, a seed row).
 * Only numbers below 100 count in the last two: status codes are small, HTTP statuses
 * (`res.status !== 404`, `{ status: 403, message }`) are 100 or more and stay, and so does a child
 * process's exit status (`spawnSync(…).status !== 0`). `STATUS` in upper case is the wire format, as
 * the OpenAPI examples show it, and is not read. The migrations are history and keep what they said.
 */
const apiDir = path.resolve(import.meta.dirname, '../..');
// `status` alone or ending a name (`prev_status`), before a comparison with a number.
const STATUS_LITERAL =
  /(?<![a-z])status\s*(?:=|<>|!=|<=|>=|<|>)\s*\d|(?<![a-z])status\s+(?:not\s+)?in\s*\(\s*\d|(?<![a-z])status\s+is\s+(?:not\s+)?distinct\s+from\s+\d/i;
/** Drizzle's comparison helpers whose first argument may be a status column. */
const DRIZZLE_CONDITIONS = new Set(['eq', 'ne', 'inArray', 'notInArray', 'gt', 'gte', 'lt', 'lte']);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
/** Below it a number beside a status is a status code; from it on, an HTTP status. */
const HTTP_FLOOR = 100;

/** The called function's name: `eq` in `eq(…)` and in `d.eq(…)`. */
const calleeName = (call: ts.CallExpression): string | undefined => {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
};
const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);
/** A child process's exit status, `spawnSync(…).status`: 0 there is success, no status code. */
const isExitStatus = (node: ts.PropertyAccessExpression): boolean => ts.isCallExpression(node.expression) && calleeName(node.expression) === 'spawnSync';
/** `status` itself or `x.status` / `x?.status`. */
const isStatus = (node: ts.Expression): boolean => {
  const n = unwrap(node);
  return (ts.isIdentifier(n) && n.text === 'status') || (ts.isPropertyAccessExpression(n) && n.name.text === 'status' && !isExitStatus(n));
};
const isNumber = (node: ts.Expression): boolean => ts.isNumericLiteral(unwrap(node));
const isCode = (node: ts.Expression): boolean => {
  const n = unwrap(node);
  return ts.isNumericLiteral(n) && Number(n.text) < HTTP_FLOOR;
};

/**
 * One walk of a source: the text of every raw statement (sql`…` templates, their literal parts, and
 * sql.raw('…')), and each status number written in TypeScript (a Drizzle condition, a comparison or
 * an object literal's `status:`), as the node's text.
 */
function scan(file: string, text: string): { statements: string[]; literals: ts.Node[]; source: ts.SourceFile } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const statements: string[] = [];
  const literals: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const t = node.template;
      // An interpolated status column (`${orders.status} <> 2`) reads as the word status, so the number after it is seen.
      statements.push(
        ts.isNoSubstitutionTemplateLiteral(t)
          ? t.text
          : t.head.text + t.templateSpans.map((s) => (isStatus(s.expression) ? ' status ' : ' … ') + s.literal.text).join(''),
      );
    }
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'sql.raw') {
      const [arg] = node.arguments;
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) statements.push(arg.text);
      if (arg && ts.isTemplateExpression(arg)) statements.push([arg.head.text, ...arg.templateSpans.map((s) => s.literal.text)].join(' … '));
    }
    if (ts.isCallExpression(node) && DRIZZLE_CONDITIONS.has(calleeName(node) ?? '')) {
      const [column, value] = node.arguments;
      if (column && value && ts.isPropertyAccessExpression(unwrap(column)) && isStatus(column)) {
        const v = unwrap(value);
        if (isNumber(v) || (ts.isArrayLiteralExpression(v) && v.elements.some(isNumber))) literals.push(node);
      }
    }
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if ((isStatus(node.left) && isCode(node.right)) || (isStatus(node.right) && isCode(node.left))) literals.push(node);
    }
    if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'status' &&
      isCode(node.initializer)
    ) {
      literals.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { statements, literals, source };
}

/** The text of every raw statement in a source. */
function rawSql(file: string, text: string): string[] {
  return scan(file, text).statements;
}

/** `file:line: code` for each status number written in TypeScript. */
function typedLiterals(file: string, text: string): string[] {
  const { literals, source } = scan(file, text);
  return literals.map(
    (node) => `${path.relative(apiDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`,
  );
}

/** `file: the statement's line` for each raw statement comparing a status with a number. */
function offenders(files: string[]): string[] {
  return files.flatMap((file) =>
    rawSql(file, readFileSync(file, 'utf8'))
      .flatMap((statement) => statement.split('\n').filter((line) => STATUS_LITERAL.test(line)))
      .map((line) => `${path.relative(apiDir, file)}: ${line.trim()}`),
  );
}

const sources = () => globSync(['src/**/*.ts', 'bench/**/*.ts'], { cwd: apiDir, absolute: true, ignore: ['**/*.test.ts'] });

describe('status codes in raw SQL', () => {
  it('come from the domain’s named codes, never a number in the statement', () => {
    const files = sources();
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

  it('would be caught after an interpolated status column, and in "is distinct from"', () => {
    const planted = path.join(apiDir, 'planted.ts');
    const text = [
      'const a = sql`count(*) filter (where $' + '{giftConversions.status} <> 2)`;',
      'const b = sql`where prev_status is distinct from 4`;',
      'const c = sql`where $' + '{giftConversions.status} <> $' + '{sqlCode(2)}`;',
      'const d = sql`where $' + '{orders.total} > 2`;',
    ].join('\n');
    expect(rawSql(planted, text).filter((s) => STATUS_LITERAL.test(s))).toHaveLength(2);
  });
});

describe('status codes in TypeScript', () => {
  it('come from the domain’s named codes in Drizzle conditions, comparisons and object literals', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => typedLiterals(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('would be caught, in a Drizzle condition, a comparison or a status: property, but HTTP statuses are not', () => {
    const planted = path.join(apiDir, 'planted.ts');
    const text = [
      'const a = and(eq(orders.status, 0), eq(orders.clientId, id));',
      'const b = inArray(giftPurchases.status, [1, ACCEPTED]);',
      'if (account?.status !== 1) return;',
      'const c = 0 === status;',
      'await tx.update(v).set({ status: 1, scan: 0 });',
      'const d = eq(orders.status, ORDER_CODES.NEW);',
      'if (res.status !== 404) throw new Error();',
      "if (spawnSync(process.execPath, ['build.mjs']).status !== 0) throw new Error();",
      'return { status: 403, message };',
      'const e = { STATUS: 0 };',
    ].join('\n');
    expect(typedLiterals(planted, text)).toEqual([
      'planted.ts:1: eq(orders.status, 0)',
      'planted.ts:2: inArray(giftPurchases.status, [1, ACCEPTED])',
      'planted.ts:3: account?.status !== 1',
      'planted.ts:4: 0 === status',
      'planted.ts:5: status: 1',
    ]);
  });
});
