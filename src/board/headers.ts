import { SitePaths } from './site-paths.js';

const { folders } = SitePaths;

/**
 * The site's response headers, written once as `_headers` (the format static hosts read) and
 * applied by `fitness-report serve` from that same file, so what is tested locally is what ships.
 */

/** Pages: scripts only from the site itself, no inline script or style, nothing framed. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  // The viewer fetches this site's tapes, and any mcp-tape file a reader names by http(s) URL.
  "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The same policy as a <meta> tag can carry it (frame-ancestors is ignored there). */
export const META_CSP = PAGE_CSP.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors'))
  .join('; ');

/** Published run files never change: run directories are never rewritten. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentType(path: string): string {
  const dot = path.lastIndexOf('.');
  const ext = dot === -1 ? '' : path.slice(dot).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

/**
 * The rules the site ships with. No two matching rules set the same header (some hosts join
 * duplicates with commas), so page caching and tape caching are written as disjoint rules.
 */
export function siteRules(): HeaderRule[] {
  const fresh: [string, string][] = [['Cache-Control', 'no-cache']];
  return [
    {
      pattern: '/*',
      headers: [
        ['Content-Security-Policy', PAGE_CSP],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'no-referrer'],
      ],
    },
    { pattern: '/', headers: fresh },
    { pattern: '/*.html', headers: fresh },
    { pattern: `/${SitePaths.headers}`, headers: fresh },
    { pattern: `/${folders.assets}/*`, headers: fresh },
    { pattern: `/${folders.data}/*`, headers: fresh },
    {
      pattern: `/${folders.runs}/*`,
      headers: [
        ['Access-Control-Allow-Origin', '*'],
        // Lets a viewer on another origin read ranges of a tape, not only whole files.
        ['Access-Control-Expose-Headers', 'Content-Range, Content-Length, Accept-Ranges'],
        ['Cache-Control', IMMUTABLE],
      ],
    },
    { pattern: `/${folders.runs}/*.jsonl`, headers: [['Content-Type', CONTENT_TYPES['.jsonl'] ?? '']] },
  ];
}

export function renderHeaders(rules: readonly HeaderRule[]): string {
  return `${rules.map((r) => [r.pattern, ...r.headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n')}\n`;
}

/** Parses `_headers`: a path pattern on its own line, then indented `Name: value` lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const at = line.indexOf(':');
    const rule = rules.at(-1);
    if (at === -1 || rule === undefined) continue;
    rule.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

function matches(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(path);
}

/** The headers for a request path: every matching rule in order, a later value replacing an earlier one. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    if (!matches(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) out.set(name.toLowerCase(), value);
  }
  return out;
}
