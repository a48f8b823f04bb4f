/**
 * The sanitising markdown renderer (client/src/ui/Markdown.tsx) that shows flow content in the hub and the portal:
 * stored HTML never becomes elements, and links keep only http(s) and mailto addresses.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../client/src/ui/Markdown';

const html = (markdown: string, shiftHeadings?: number) =>
  renderToStaticMarkup(<Markdown shiftHeadings={shiftHeadings}>{markdown}</Markdown>);

/** Any element that carries an event handler attribute (onerror=, onclick=, …). */
const HANDLER_ATTRIBUTE = /<[a-z][^>]*\son[a-z]+\s*=/i;

describe('Markdown', () => {
  it('renders a stored <img src=x onerror=…> as inert text', () => {
    const out = html('Hello <img src=x onerror=alert(1)> world');
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toMatch(HANDLER_ATTRIBUTE);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders a stored <script> block as text, never as a script element', () => {
    const out = html('<script>alert(document.cookie)</script>\n\nAfter');
    expect(out).not.toMatch(/<script/i);
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('After');
  });

  it('drops javascript:, data: and relative link addresses but keeps the words', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      '/hub/account',
      'vbscript:x',
    ]) {
      const out = html(`[click me](${target})`);
      expect(out, target).not.toMatch(/href=/i);
      expect(out, target).toContain('click me');
    }
    expect(html('<a href="javascript:alert(1)">x</a>')).not.toMatch(/<a\s/i);
  });

  it('keeps http(s) and mailto links, opening them in a new tab without access to the page', () => {
    const out = html('[site](https://example.com/a?b=1) and [mail](mailto:hi@example.com)');
    expect(out).toContain('href="https://example.com/a?b=1"');
    expect(out).toContain('href="mailto:hi@example.com"');
    expect(out.match(/rel="noopener noreferrer"/g)).toHaveLength(2);
    expect(out.match(/target="_blank"/g)).toHaveLength(2);
  });

  it('refuses image addresses that are not http(s)', () => {
    expect(html('![x](javascript:alert(1))')).not.toMatch(/<img/i);
    expect(html('![logo](https://example.com/logo.png)')).toMatch(/<img[^>]*src="https:\/\/example.com\/logo.png"/);
  });

  it('renders headings, lists and GitHub tables, with headings shifted to fit the page', () => {
    const out = html('## Welcome\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(out).toMatch(/<h2[^>]*>Welcome<\/h2>/);
    expect(out).toMatch(/<li[^>]*>one<\/li>/);
    expect(out).toMatch(/<table/);
    expect(html('## Welcome', 2)).toMatch(/<h4[^>]*>Welcome<\/h4>/);
  });

  it('renders nothing but the given placeholder for empty text', () => {
    expect(renderToStaticMarkup(<Markdown empty={<p>none</p>}>{'  \n'}</Markdown>)).toBe('<p>none</p>');
  });
});
