import { describe, expect, it } from 'vitest';
import { sanitizeRichText, withCleanRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps Quill formatting', () => {
    const html = '<p class="ql-align-center"><strong>Bonjour</strong> <em>à</em> <u>tous</u></p><ol><li>un</li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
  });
  it('drops scripts, handlers and javascript: links', () => {
    const out = sanitizeRichText('<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">l</a><img src=x onerror=alert(1)></p>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(out).toContain('<p>a<a rel="noopener noreferrer">l</a><img src="x" /></p>');
  });
  it('keeps safe links and colours, drops other styles', () => {
    expect(sanitizeRichText('<a href="https://fidelite.tn">s</a>')).toBe('<a href="https://fidelite.tn" rel="noopener noreferrer">s</a>');
    expect(sanitizeRichText('<span style="color: #ff0000; position: fixed">r</span>')).toBe('<span style="color:#ff0000">r</span>');
  });
});

describe('withCleanRichText', () => {
  it('cleans only the named fields', () => {
    const body = { CONTENU: '<p>a<iframe src="x"></iframe></p>', NAME: '<b>brut</b>' };
    expect(withCleanRichText(body, ['CONTENU'])).toEqual({ CONTENU: '<p>a</p>', NAME: '<b>brut</b>' });
    expect(withCleanRichText(body, undefined)).toBe(body);
  });
});
