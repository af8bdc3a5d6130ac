import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStory } from './client/shared/story.js';
import { parseTapeText } from './client/shared/tape-parser.js';
import { mergePlanes } from './client/shared/timeline.js';
import type { Story } from './client/shared/viewer-run.js';
import type { PublishedRun } from './publish.js';
import { SitePaths } from './site-paths.js';

/**
 * The run's story told once at build time from its published (redacted) tapes, with the viewer's
 * own code: the viewer paints it before it fetches a single tape, so a run with a 1,000,000-line
 * tape opens on its summary at once.
 */
export function storyOf(siteDir: string, published: PublishedRun): Story | undefined {
  if (published.planes.length === 0) return undefined;
  const planes = published.planes.map((p) =>
    parseTapeText(readFileSync(join(siteDir, ...SitePaths.run(published.runId, p.path)), 'utf8'), p.plane),
  );
  return buildStory(mergePlanes(planes));
}
