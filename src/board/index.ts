// The board: static site build, page renderers, the replay viewer client and a local server.
export { escapeHtml, externalHref, html, SafeHtml } from './html.js';
export { type LoadedRun, type LoadedRuns, loadRuns, type UnreadableRun } from './load.js';
export { type BoardGroup, type BoardRow, buildBoard } from './model.js';
export { type PublishedRun, publishRun, type Verification } from './publish.js';
export { type RunningServer, type ServeOptions, serveSite } from './serve.js';
export { type BuildOptions, type BuildResult, buildSite, SITE_MARKER } from './site.js';
