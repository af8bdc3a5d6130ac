// Seed of memory-keeper (docs/corpus.md): its own SQLite store (DATA_DIR), written through its own
// tools: a session with twelve context items in four categories.
import { target } from './lib/common.js';
import { pkg, seedViaTools } from './lib/via-tools.js';

const dir = target();
const items = [
  ['deploy-window', 'Deploys run nightly at 02:00 UTC; never on Fridays', 'decision', 'high'],
  ['dst-bug', 'Predictions shift by one hour after 27 October (issue #112)', 'error', 'high'],
  ['bergen-constituents', 'Bergen needs 37 constituents, not the default 5', 'note', 'normal'],
  ['booklet-format', 'A5 booklet, one page per week, 52 pages', 'decision', 'normal'],
  ['supplier-ref', 'Maré Instruments order ref MI-55821 for gauge R-220', 'note', 'low'],
  [
    'q3-predictions',
    'Q3 high waters computed for 14 ports, within 4 minutes of the almanac',
    'progress',
    'normal',
  ],
  ['vigo-licence', 'Vigo constants blocked on data licence ticket HO-4471', 'warning', 'high'],
  ['render-tables', 'Weekly Markdown tables 60% done (9 of 14 ports)', 'progress', 'normal'],
  ['next-task', 'Publish the PDF booklet after the tables are rendered', 'task', 'normal'],
  ['subscribers', 'Send the booklet link to 312 subscribers', 'task', 'low'],
  ['export-owner', 'Chen Wei owns the nightly export job', 'note', 'normal'],
  ['permit', 'Harbour master permit HM-2291 pending for pier 3', 'warning', 'normal'],
];
await seedViaTools({ args: [pkg('mcp-memory-keeper/dist/index.js')], env: { DATA_DIR: dir }, cwd: dir }, [
  {
    name: 'context_session_start',
    arguments: { name: 'tide-tables Q3', description: 'Q3 2024 publishing run' },
  },
  ...items.map(([key, value, category, priority]) => ({
    name: 'context_save',
    arguments: { key, value, category, priority },
  })),
]);
