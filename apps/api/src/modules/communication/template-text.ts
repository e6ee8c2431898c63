import type { TemplateType } from '@app/domain';
import sanitizeHtml from 'sanitize-html';
import { sanitizeRichText } from '../../lib/rich-text';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[e.toLowerCase()] ?? whole;
  });
}

/**
 * Plain text: every tag removed (script and style with their content), entities decoded. Repeated
 * until stable, so an escaped tag ("&lt;b&gt;") cannot come back as a real one once decoded.
 */
export function toPlainText(value: string): string {
  let out = value;
  for (let i = 0; i < 5; i++) {
    const next = decodeEntities(sanitizeHtml(out, { allowedTags: [], allowedAttributes: {} }));
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Template content as stored: the rich-text allowlist for email, plain text for SMS. */
export function cleanTemplateContent(type: TemplateType, content: string): string {
  return type === 'email' ? sanitizeRichText(content) : toPlainText(content).trim();
}

/** The text part of a mail built from rich text: blocks become lines, links show their address. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre)>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, '').trim();
      const url = decodeEntities(href);
      return text && text !== url ? `${label} (${href})` : href;
    });
  // One pass: the text part is never read as HTML, so an escaped "&lt;b&gt;" in a name stays "<b>".
  return decodeEntities(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
