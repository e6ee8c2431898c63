import { describe, expect, it } from 'vitest';
import { stripDeep, stripTags } from './sanitize';

/** What must never survive: an opening or closing script tag, or a PHP opener. */
const FORBIDDEN = /<\/?script(?![A-Za-z0-9_])|<\?/i;

describe('stripTags', () => {
  it.each([
    ['CHR<script>alert(1)</script>', 'CHR'],
    ['a<?php echo 1; ?>b', 'ab'],
    ['a<?= $x ?>b', 'ab'],
    ['a<? unterminated', 'a'],
    ['x<SCRIPT src="y">z</ScRiPt >w', 'xw'],
    ['x<script>z', 'xz'],
    ['x<script', 'x'],
    ['x</script>y', 'xy'],
    ['x</script y', 'x'],
    ['<scripts>ok</scripts>', '<scripts>ok</scripts>'],
    ['a < b et c > d', 'a < b et c > d'],
    ['1 <scriptx> 2', '1 <scriptx> 2'],
    ['Prix <= 5 DT', 'Prix <= 5 DT'],
    ['<p>a</p><script>x</script><i>b</i>', '<p>a</p><i>b</i>'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripTags(input)).toBe(expected);
  });

  it('cannot be tricked into rebuilding a tag from the pieces it removes', () => {
    for (const input of ['<scr<script></script>ipt>alert(1)</script>', '<<script></script>script>x', '<</script>?php x', '</scr<?x?>ipt>', '<?<?php?>php ?>']) {
      const out = stripTags(input);
      expect(out, input).not.toMatch(FORBIDDEN);
      expect(stripTags(out)).toBe(out);
    }
  });

  it('leaves no tag in random mixes of tag fragments, and is stable', () => {
    const bits = ['<', '>', '/', '?', 'script', 'SCRIPT', 'scr', 'ipt', ' ', 'x', '<script>', '</script>', '<?php', '?>', '\n'];
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let t = 0; t < 5000; t++) {
      let s = '';
      const len = 1 + Math.floor(rnd() * 12);
      for (let k = 0; k < len; k++) s += bits[Math.floor(rnd() * bits.length)];
      const out = stripTags(s);
      expect(out, s).not.toMatch(FORBIDDEN);
      expect(stripTags(out), s).toBe(out);
    }
  });

  it('handles a megabyte of hostile patterns in one pass', () => {
    // Each of these took tens of seconds with the former regular expressions; the test timeout
    // (30 s) is the only clock here: the bench measures the ratio to an ordinary body.
    for (const unit of ['<script x', '<script>', '</script', '<?', '<', '<script>a</scrip', '</script        ']) {
      const input = unit.repeat(Math.ceil(1_048_576 / unit.length));
      const out = stripTags(input);
      expect(out).not.toMatch(FORBIDDEN);
    }
  });
});

describe('stripDeep', () => {
  it('cleans strings at every level and refuses absurd nesting', () => {
    expect(stripDeep({ a: ['x<script>y</script>', { b: '<?php 1 ?>z' }], n: 5 })).toEqual({ a: ['x', { b: 'z' }], n: 5 });
    let deep: unknown = 'x';
    for (let k = 0; k < 40; k++) deep = [deep];
    expect(() => stripDeep(deep)).toThrow();
  });

  it('leaves secrets as typed, at any depth and under a secret field, and still limits their length', () => {
    const pw = 'Winter2026<?x7Gq';
    expect(stripDeep({ password: pw, CURRENT_PASSWORD: pw, refreshToken: pw, items: [{ reset_code: pw, note: pw }], password2: { old: pw } })).toEqual({
      password: pw,
      CURRENT_PASSWORD: pw,
      refreshToken: pw,
      items: [{ reset_code: pw, note: 'Winter2026' }],
      password2: { old: 'Winter2026' },
    });
    expect(stripDeep({ password: { old: pw, new: pw } })).toEqual({ password: { old: pw, new: pw } });
    expect(() => stripDeep({ password: 'x'.repeat(100_001) })).toThrow(expect.objectContaining({ statusCode: 422 }));
  });

  it('refuses a string longer than any field accepts before scanning it, naming the field', () => {
    expect(stripDeep({ a: 'x'.repeat(100_000) })).toEqual({ a: 'x'.repeat(100_000) });
    expect(() => stripDeep({ a: [{ b: 'x'.repeat(100_001) }] })).toThrow(
      expect.objectContaining({ statusCode: 422, errors: { 'a.0.b': ['Au plus 100000 caractères.'] } }),
    );
  });
});
