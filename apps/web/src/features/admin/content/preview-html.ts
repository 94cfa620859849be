import createDOMPurify from 'dompurify';

/**
 * The page preview's sanitiser: the server's allowlist (apps/server/src/modules/content/sanitize.ts,
 * docs/decisions/007-page-content.md) in DOMPurify, so what the preview shows is what saving keeps:
 * headings h2–h4, paragraphs, breaks, rules, bold, italic, underline, lists, quotes, tables, links
 * (http, https, mailto, tel, relative) and /media images; no other tag (its text stays) and no other
 * attribute. Its own DOMPurify instance: the hooks do not reach the support page's sanitiser.
 */

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'blockquote',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img',
  // Renamed below, as the server renames them: h1 → h2, h5/h6 → h4.
  'h1', 'h5', 'h6',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'colspan', 'rowspan', 'scope'];
/** Web, mail and phone links, and relative ones (not protocol-relative). */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|\/(?!\/)|[?#]|[^:/?#]+(?:[/?#]|$))/i;
/** Same-origin images only (the server's IMAGE_SRC). */
const IMAGE_SRC = /^\/media\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/;
const ATTRS_OF: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

let purifier: ReturnType<typeof createDOMPurify> | null = null;

function instance() {
  if (purifier !== null) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = ATTRS_OF[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
  });
  return purifier;
}

function rename(body: Element, from: string, to: string) {
  for (const element of Array.from(body.querySelectorAll(from))) {
    const renamed = body.ownerDocument.createElement(to);
    renamed.append(...Array.from(element.childNodes));
    element.replaceWith(renamed);
  }
}

/** HTML as the server would store it, safe to insert. */
export function previewPageHtml(html: string): string {
  const body = instance().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP, KEEP_CONTENT: true, RETURN_DOM: true });
  if (!(body instanceof Element)) return '';
  rename(body, 'h1', 'h2');
  rename(body, 'h5, h6', 'h4');
  for (const image of Array.from(body.querySelectorAll('img'))) {
    if (!IMAGE_SRC.test(image.getAttribute('src') ?? '')) image.remove();
  }
  for (const link of Array.from(body.querySelectorAll('a'))) {
    if (link.getAttribute('target') !== '_blank') link.removeAttribute('target');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return body.innerHTML;
}
