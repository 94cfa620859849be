import DOMPurify from 'dompurify';

/** Text pages need no forms, and inline styles could draw a fake screen over ours. */
const FORBID_TAGS = ['form', 'input', 'button', 'select', 'option', 'textarea'];
const FORBID_ATTR = ['style'];

/**
 * Server HTML for a support page, made safe to insert: DOMPurify with the HTML profile drops
 * scripts, SVG/MathML, event-handler attributes and javascript: URLs; form controls and inline
 * styles go too (the client half; the server sanitises as well). Headings in the content start
 * at h2 (the page's Title is the h1), and an opening heading that only repeats the Title is dropped.
 */
export function sanitizeContentHtml(html: string, title: string | null = null): string {
  const body = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS, FORBID_ATTR, RETURN_DOM: true });
  if (!(body instanceof Element)) return '';
  for (const heading of Array.from(body.querySelectorAll('h1'))) {
    const demoted = body.ownerDocument.createElement('h2');
    demoted.append(...Array.from(heading.childNodes));
    heading.replaceWith(demoted);
  }
  // Pages often open with their own title again; the h1 already says it.
  const first = body.firstElementChild;
  if (title !== null && first?.matches('h2, h3') && sameText(first.textContent, title)) first.remove();
  return body.innerHTML;
}

function sameText(a: string | null, b: string): boolean {
  const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return normalise(a ?? '') === normalise(b);
}
