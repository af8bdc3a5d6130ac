import { describe, expect, it } from 'vitest';
import { escapeHtml, html, siteHref } from './html.js';

describe('escapeHtml', () => {
  it('escapes every character that can open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
  });
  it('leaves plain text alone', () => {
    expect(escapeHtml('first try 46 of 48 = 95.8%')).toBe('first try 46 of 48 = 95.8%');
  });
});

describe('html', () => {
  const hostile = '<script>window.__pwned=1</script><img src=x onerror="alert(1)">';

  it('escapes every interpolated string', () => {
    const out = html`<p title="${hostile}">${hostile}</p>`.toString();
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toMatch(/title="[^"]*"[^>]*onerror/);
    expect(out).toBe(`<p title="${escapeHtml(hostile)}">${escapeHtml(hostile)}</p>`);
  });

  it('inserts markup built by html once, without escaping it again', () => {
    const inner = html`<b>${'a < b'}</b>`;
    expect(html`<p>${inner}</p>`.toString()).toBe('<p><b>a &lt; b</b></p>');
  });

  it('renders arrays, finite numbers, and nothing for absent parts', () => {
    expect(html`${['<', html`<i>`, 3]}|${undefined}|${null}|${false}`.toString()).toBe('&lt;<i>3|||');
  });

  it('refuses to print a number that is not finite', () => {
    expect(() => html`${Number.NaN}`).toThrow(/non-finite/);
    expect(() => html`${Number.POSITIVE_INFINITY}`).toThrow(/non-finite/);
  });
});

describe('links', () => {
  it('percent-encodes every site path segment and query value', () => {
    expect(siteHref(['records', 'a/../b.html'], { run: 'x&y=<z>' }, 'line=wire%3A2')).toBe(
      'records/a%2F..%2Fb.html?run=x%26y%3D%3Cz%3E#line=wire%3A2',
    );
  });
});
