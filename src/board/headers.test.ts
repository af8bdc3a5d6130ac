import { describe, expect, it } from 'vitest';
import {
  contentType,
  headersFor,
  IMMUTABLE,
  PAGE_CSP,
  parseHeaders,
  renderHeaders,
  siteRules,
} from './headers.js';

describe('_headers', () => {
  const rules = parseHeaders(renderHeaders(siteRules()));

  it('round-trips through its own text form', () => {
    expect(rules).toEqual(siteRules());
  });

  it('gives tapes CORS, an immutable cache and the JSONL type', () => {
    const h = headersFor(rules, '/runs/x-20261101T120000Z/wire.jsonl');
    expect(h.get('access-control-allow-origin')).toBe('*');
    expect(h.get('cache-control')).toBe(IMMUTABLE);
    expect(h.get('content-type')).toBe('application/jsonl; charset=utf-8');
  });

  it('gives pages the strict CSP and no immutable cache', () => {
    const h = headersFor(rules, '/records/x.html');
    expect(h.get('content-security-policy')).toBe(PAGE_CSP);
    expect(h.get('cache-control')).toBe('no-cache');
    expect(h.has('access-control-allow-origin')).toBe(false);
  });

  it('never lets two matching rules set the same header', () => {
    for (const path of [
      '/',
      '/index.html',
      '/runs/a/wire.jsonl',
      '/runs/a/record.json',
      '/assets/viewer/main.js',
      '/data/a.json',
    ]) {
      const seen = new Set<string>();
      for (const rule of rules) {
        const re = new RegExp(
          `^${rule.pattern
            .split('*')
            .map((p) => p.replace(/[.]/g, '\\.'))
            .join('.*')}$`,
        );
        if (!re.test(path)) continue;
        for (const [name] of rule.headers) {
          expect(seen.has(name.toLowerCase()), `${name} set twice for ${path}`).toBe(false);
          seen.add(name.toLowerCase());
        }
      }
    }
  });

  it('keeps scripts to the site itself: no unsafe-inline, no eval', () => {
    const script = PAGE_CSP.split('; ').find((d) => d.startsWith('script-src'));
    expect(script).toBe("script-src 'self'");
    expect(PAGE_CSP).not.toContain('unsafe');
  });

  it('names content types by extension', () => {
    expect(contentType('/a/b.html')).toBe('text/html; charset=utf-8');
    expect(contentType('/a/main.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('/a/x.bin')).toBe('application/octet-stream');
  });
});
