import { META_CSP } from '../headers.js';
import { html, type SafeHtml } from '../html.js';
import { boardHref, type Links, methodsHref } from './links.js';

export interface PageInput {
  title: string;
  links: Links;
  body: SafeHtml;
  /** Module scripts, by path from the site root. No inline script exists anywhere on the site. */
  scripts?: readonly string[];
  bodyClass?: string;
}

/** The page shell every page shares: one stylesheet, the CSP as a meta tag too, no inline code. */
export function page(input: PageInput): string {
  const { links } = input;
  const scripts = (input.scripts ?? []).map(
    (src) => html`<script type="module" src="${links.base}${src}"></script>`,
  );
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${META_CSP}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${input.title}</title>
<link rel="stylesheet" href="${links.base}assets/board.css">
${scripts}
</head>
<body${input.bodyClass ? html` class="${input.bodyClass}"` : ''}>
<header class="site">
<a class="brand" href="${boardHref(links)}">Fitness Report</a>
<nav><a href="${boardHref(links)}">Board</a><a href="${methodsHref(links)}">Methods</a><a href="${links.base}viewer.html">Tape viewer</a><a href="${links.base}keys.html">Keys</a></nav>
</header>
<main>
${input.body}
</main>
<footer>Every number on this site is read from a run record; the site computes none of them. Strings that came from a server or a model are shown as text, never as markup.</footer>
</body>
</html>`}\n`;
}
