import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist for support-page HTML (docs/decisions/007-page-content.md). Everything not
 * listed is removed: unknown tags are unwrapped (their text stays, as text), while the contents of
 * script, style, textarea, option, noscript and xmp are dropped with the tag (sanitize-html's
 * nonTextTags), so `<script>alert(1)</script>` leaves nothing. No attribute survives but the ones
 * below: no event handlers, no style, no class, no id.
 */

/** Same-origin images only: the CSP allows no other image host, and an outside image would be a tracking pixel. */
const IMAGE_SRC = /^\/media\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr',
    'strong', 'b', 'em', 'i', 'u',
    'ul', 'ol', 'li', 'blockquote',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
    'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Links: web, mail and phone only; relative links (/support?pageName=FAQS) stay. sanitize-html
  // decodes entities and strips control characters and whitespace before it reads the scheme.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // rel is always set here (never taken from the input); a target other than _blank is dropped.
    a: (tagName, { href, target }) => ({
      tagName,
      attribs: { ...(href === undefined ? {} : { href }), ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
    }),
    // Headings pasted from elsewhere keep their place in the outline: the page title is the h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
  },
  // An image without an allowed source is dropped whole (an empty <img> would show a broken icon).
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs.src ?? ''),
};

/** Page HTML as it may be stored and served. Idempotent: sanitizePageHtml(sanitizePageHtml(x)) === sanitizePageHtml(x). */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
