#!/usr/bin/env node
// Code, tests and docs speak of the product alone: no comment, test name, lint message or page cites a
// tracker's issue number or a numbered section of the specification ("issue 12", "spec 2 §3", "§4"),
// which nobody who clones the repository can look up. The reason itself is written where it matters, or
// a record under docs/decisions/ is named. Standards keep their sections (RFC 9110 §13.1.2, BCP §4.14).
// Part of `npm run lint`; prints each line found and exits 1.
import { spawnSync } from 'node:child_process';

const PATTERN = String.raw`\b(issue|spec|specification)s? ?#?[0-9]+|§ ?[0-9]`;
const STANDARD = /\b(RFC ?\d+|BCP|ISO ?\d+)[^§]{0,40}§/i;

const found = spawnSync('git', ['grep', '--untracked', '-nIiE', PATTERN, '--', '.', ':!package-lock.json', ':!scripts/check-references.mjs'], {
  encoding: 'utf8',
});
if (found.status === 2) {
  console.error(found.stderr);
  process.exit(2);
}
const lines = found.stdout.split('\n').filter((line) => line && !STANDARD.test(line));
if (lines.length) {
  console.error(`${lines.length} line(s) cite an issue or a numbered section of the specification: write the reason instead.`);
  for (const line of lines) console.error(`  ${line.slice(0, 200)}`);
  process.exit(1);
}
