import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize-html.ts';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('sanitizeContentHtml', () => {
  it('drops scripts, event handlers, javascript: URLs, form controls and inline styles', () => {
    const html = parse(
      sanitizeContentHtml(
        '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
          '<p onclick="alert(1)" style="color:red">Text</p><iframe src="https://evil.test"></iframe>' +
          '<svg><script>alert(1)</script></svg><form action="/x"><input name="a"></form>',
      ),
    );

    expect(html.querySelector('script, iframe, form, input')).toBeNull();
    expect(html.querySelector('[onerror], [onclick], [style]')).toBeNull();
    expect(html.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect(html.textContent).toContain('Text');
  });

  it('keeps ordinary content: headings, lists, emphasis and safe links', () => {
    const html = parse(
      sanitizeContentHtml(
        '<h2>Tracking</h2><p>Call <a href="tel:+914040123456">us</a> or <a href="mailto:a@b.in">mail</a>.</p><ul><li><strong>Placed</strong></li></ul>',
      ),
    );

    expect(html.querySelector('h2')?.textContent).toBe('Tracking');
    expect(html.querySelector('a[href="tel:+914040123456"]')).not.toBeNull();
    expect(html.querySelector('a[href="mailto:a@b.in"]')).not.toBeNull();
    expect(html.querySelector('li strong')?.textContent).toBe('Placed');
  });

  it('turns an h1 in the content into an h2 (the page title is the only h1)', () => {
    const html = parse(sanitizeContentHtml('<h1>About <em>us</em></h1><p>Hi</p>'));

    expect(html.querySelector('h1')).toBeNull();
    expect(html.querySelector('h2')?.innerHTML).toBe('About <em>us</em>');
  });

  it('drops target (no new-tab links that could reach back into the page)', () => {
    const html = parse(sanitizeContentHtml('<a href="https://frameport.test" target="_blank">Site</a>'));
    expect(html.querySelector('a')?.getAttribute('href')).toBe('https://frameport.test');
    expect(html.querySelector('a')?.hasAttribute('target')).toBe(false);
  });

  it('drops an opening heading that only repeats the page title', () => {
    expect(parse(sanitizeContentHtml('<h2> Frequently asked  questions</h2><p>Hi</p>', 'Frequently asked questions')).innerHTML).toBe('<p>Hi</p>');
    expect(parse(sanitizeContentHtml('<h2>About Frameport</h2><p>Hi</p>', 'About us')).querySelector('h2')?.textContent).toBe(
      'About Frameport',
    );
  });
});
