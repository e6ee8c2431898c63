// Its own module because the site's block rules need it too: importing it from communication.ts
// pulled the templates' rules into the blocks screen's bundle (scripts/bundle-budget.mjs).

/** Rich text with no words and no image (Quill's empty editor gives `<p><br></p>`). */
export function isBlankRichText(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim() === ''
  );
}
