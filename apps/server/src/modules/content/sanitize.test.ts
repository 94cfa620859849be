import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize.ts';

/** The page allowlist on its own: classic XSS vectors leave nothing that runs; ordinary page markup stays. */

/** Anything in the output that a browser could run or that loads from elsewhere. */
const DANGEROUS = /<\s*(script|style|iframe|object|embed|svg|math|form|input|base|meta|link)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:|\sstyle\s*=|srcdoc/i;

describe('sanitizePageHtml', () => {
  it.each([
    ['a script element', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an upper-case script with attributes', '<SCRIPT type="text/javascript" src="https://evil.test/x.js"></SCRIPT><p>ok</p>', '<p>ok</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>', ''],
    ['an allowed image with onerror', '<img src="/media/banners/1.svg" alt="Sale" onerror="alert(1)">', '<img src="/media/banners/1.svg" alt="Sale" />'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg><p>x</p>', '<p>x</p>'],
    ['svg with a nested script', '<svg><script>alert(1)</script></svg>', ''],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['javascript: split by an entity tab', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['javascript: with entities, case and spaces', '<a href=" &#106;ava&#115;cript&colon;alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['javascript: behind a newline and mixed case', '<a href="java\nScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['a data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['a protocol-relative link', '<a href="//evil.test/">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['an iframe', '<iframe src="https://evil.test" srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['a style attribute and element', '<p style="background:url(javascript:alert(1))">x</p><style>p{color:red}</style>', '<p>x</p>'],
    ['object, embed, form and input', '<object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="q"></form>', ''],
    ['math/mglyph mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<table></table>'],
    ['math with a javascript: href', '<math href="javascript:alert(1)"><mi>x</mi></math>', 'x'],
    ['noscript attribute breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
    ['an image from another host', '<img src="https://tracker.test/pixel.gif">', ''],
    ['an image out of /media', '<img src="/media/../api/Account/logout">', ''],
  ])('%s', (_name, input, expected) => {
    const output = sanitizePageHtml(input);
    expect(output).toBe(expected);
    expect(output).not.toMatch(DANGEROUS);
  });

  it('keeps headings, paragraphs, emphasis, lists, quotes, tables and safe links', () => {
    const html =
      '<h2>Help</h2><h3>Orders</h3><h4>Notes</h4><p>A<br />B <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u></p><hr />' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
      '<table><thead><tr><th scope="col">Value</th></tr></thead><tbody><tr><td colspan="2">₹150</td></tr></tbody></table>' +
      '<p><a href="https://frameport.test/x" rel="noopener noreferrer">web</a> <a href="mailto:support@frameport.test" rel="noopener noreferrer">mail</a> ' +
      '<a href="tel:+914040123456" rel="noopener noreferrer">call</a> <a href="/support?pageName=FAQS" rel="noopener noreferrer">FAQs</a></p>';
    expect(sanitizePageHtml(html)).toBe(html);
  });

  it('sets rel on every link and keeps target only when it is _blank', () => {
    expect(sanitizePageHtml('<a href="https://x.test" target="_blank" rel="opener">a</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizePageHtml('<a href="https://x.test" target="_top">a</a>')).toBe('<a href="https://x.test" rel="noopener noreferrer">a</a>');
  });

  it('unwraps other tags and keeps their text, escaped', () => {
    expect(sanitizePageHtml('<div class="x" id="y">Hello <span>world</span> &lt;b&gt;</div>')).toBe('Hello world &lt;b&gt;');
    expect(sanitizePageHtml('<h1>Title</h1><h6>Small</h6>')).toBe('<h2>Title</h2><h4>Small</h4>');
  });

  it('is idempotent', () => {
    const once = sanitizePageHtml('<p>a<br>b<img src=x onerror=alert(1)><a href="https://x.test">l</a> &amp; — ₹</p>');
    expect(sanitizePageHtml(once)).toBe(once);
  });
});
