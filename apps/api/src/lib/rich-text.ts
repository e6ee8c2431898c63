import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (Quill) is stored as HTML: only the formatting Quill produces survives. Scripts,
 * event handlers, styles other than alignment/colour and non-http(s)/mailto links are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'ol',
    'ul',
    'li',
    'a',
    'span',
    'sub',
    'sup',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': [/^ql-/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'background-color': [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A body with its rich-text fields (API names) cleaned; other fields untouched. */
export function withCleanRichText<T extends Record<string, unknown>>(body: T, fields: readonly string[] | undefined): T {
  if (!fields?.length) return body;
  const out: Record<string, unknown> = { ...body };
  for (const f of fields) if (typeof out[f] === 'string') out[f] = sanitizeRichText(out[f] as string);
  return out as T;
}
