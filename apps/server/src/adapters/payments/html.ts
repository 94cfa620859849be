/**
 * The small server-rendered pages of the payment flow (the result pages after paying at Razorpay):
 * self-contained HTML with no script at all (the CSP allows no inline script; inline <style> is
 * allowed), readable at 390 px. Every interpolated value is escaped. Receipts use `escapeHtml` too.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Trusted markup for `page({ body })`: build it with `escapeHtml` around every value. */
export type Html = { readonly html: string };

/** Markup from a template: literal parts as written, `${values}` escaped unless already Html. */
export function html(strings: TemplateStringsArray, ...values: Array<string | number | Html | Html[]>): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const part = Array.isArray(value)
      ? value.map((v) => v.html).join('')
      : typeof value === 'object'
        ? value.html
        : escapeHtml(value);
    out += part + (strings[i + 1] ?? '');
  });
  return { html: out };
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f2f5f9;color:#1b2430;line-height:1.5}
  main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
  .card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 4px rgba(20,70,124,.15)}
  h1{font-size:1.35rem;margin:0 0 1rem;color:#14467c}
  dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem}
  dt{color:#4a5668}
  dd{margin:0;font-weight:600;overflow-wrap:anywhere}
  .amount{font-size:1.6rem;font-weight:700;color:#14467c;margin:.25rem 0 1rem}
  .note{background:#fff7e0;border:1px solid #e8c65a;border-radius:8px;padding:.6rem .75rem;font-size:.95rem}
  form{margin:.75rem 0 0}
  button{width:100%;min-height:48px;border:0;border-radius:8px;font-size:1.05rem;font-weight:600;cursor:pointer}
  .pay{background:#14467c;color:#fff}
  .fail{background:#fff;color:#a3261b;border:2px solid #a3261b}
  button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
  .ok{color:#1d6b33}
  .bad{color:#a3261b}
  a{color:#14467c}
`;

/** A whole page: lang="en", a <title>, one <h1>, the body inside a card. */
export function page(options: { title: string; heading: string; headingClass?: 'ok' | 'bad'; body: Html }): string {
  const heading = options.headingClass
    ? html`<h1 class="${options.headingClass}">${options.heading}</h1>`
    : html`<h1>${options.heading}</h1>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main><div class="card">
${heading.html}
${options.body.html}
</div></main>
</body>
</html>
`;
}
