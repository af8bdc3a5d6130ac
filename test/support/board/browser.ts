import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { serveSite } from '../../../src/board/serve.js';

const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Debian Chromium in a fresh profile. Browser tests must not be skipped when it is
 * missing: they fail with this message (CI installs it).
 */
async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install it with \`apt-get install -y chromium\` (the browser tests need it)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'fitness-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1500, height: 1000 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOTS = 'test-output/screenshots';

/**
 * What a hostile string would have left behind if it had been parsed as markup or run as script:
 * the marker global, inline scripts, the elements it tries to inject, event-handler attributes and
 * javascript: links. Every count must be zero and the marker undefined.
 */
export async function injectionTraces(
  page: import('playwright-core').Page,
): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('*'));
    return {
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      inlineScripts: document.querySelectorAll('script:not([src])').length,
      injectedIds: document.querySelectorAll('#pwned-img, #pwned-script, #pwned-link').length,
      imgX: document.querySelectorAll('img[src="x"]').length,
      handlers: all.filter((el) =>
        Array.from(el.attributes).some((a) => a.name.toLowerCase().startsWith('on')),
      ).length,
      javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    };
  });
}

export const INERT = {
  pwned: undefined,
  inlineScripts: 0,
  injectedIds: 0,
  imgX: 0,
  handlers: 0,
  javascriptLinks: 0,
};

/** The text a reader sees (rendered: closed details and hidden rows excluded), unlike textContent. */
export function seen(locator: import('playwright-core').Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point of the check
  return locator.innerText();
}

/**
 * The browser's custody check asks for a site's optional `keys.json` and a run's optional
 * `redaction.json`; Chromium logs their 404 as a console error, which is not a page problem.
 */
const OPTIONAL = /\/(keys|redaction)\.json$/;

/** A console message that is a real page error, or undefined (favicon, an optional custody file's 404). */
function consoleError(m: import('playwright-core').ConsoleMessage): string | undefined {
  if (m.type() !== 'error' || m.text().includes('favicon')) return undefined;
  if (m.text().includes('404') && OPTIONAL.test(new URL(m.location().url || 'about:blank').pathname))
    return undefined;
  return m.text();
}

/** A built site served on a free loopback port and open in one fresh Chromium page. */
export interface SiteInBrowser {
  /** The served site's base URL (it ends in `/`). */
  url: string;
  page: Page;
  /** Every page error and real console error so far (see consoleError); a test may empty it. */
  errors: string[];
  /** Closes the browser, removes its profile and stops the server. */
  close(): Promise<void>;
}

/** Serves `site` (a built board) and opens a page on a fresh headless Chromium that collects errors. */
export async function openSite(site: string): Promise<SiteInBrowser> {
  const server = await serveSite({ site, port: 0 });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server.close();
  };
  try {
    browser = await launchChromium();
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      const error = consoleError(m);
      if (error !== undefined) errors.push(error);
    });
    return { url: server.url, page, errors, close };
  } catch (err) {
    await close();
    throw err;
  }
}
