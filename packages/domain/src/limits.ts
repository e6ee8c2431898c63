/**
 * The longest text any field of any form accepts: the rich-text contents (e-mail templates, website
 * sections). The server refuses a longer string in any JSON body or query before it processes it;
 * each field's own schema then applies its own, smaller limit.
 */
export const MAX_TEXT_LENGTH = 100_000;
