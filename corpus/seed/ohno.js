// Seed of ohno (docs/corpus.md): the server's own SQLite task store (OHNO_DB_PATH), written through its
// own tools: two epics, three stories, eight tasks with statuses and a dependency.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { target } from './lib/common.js';
import { pkg, seedViaTools, textOf } from './lib/via-tools.js';

const dir = target();
mkdirSync(join(dir, '.ohno'));
const idOf = (r) =>
  textOf(r)
    .match(/"id"\s*:\s*"([^"]+)"|\b((?:epic|story|task)-[0-9a-f]+)\b/i)
    ?.slice(1)
    .find(Boolean);
const calls = [
  {
    name: 'create_epic',
    arguments: {
      title: 'Tide table publishing',
      description: 'Weekly predictions for 14 ports',
      priority: 'P1',
    },
  },
  {
    name: 'create_epic',
    arguments: {
      title: 'Sensor network upkeep',
      description: 'Gauges and thermistors at three sites',
      priority: 'P2',
    },
  },
  (r) => ({
    name: 'create_story',
    arguments: {
      title: 'Quarterly booklet',
      epic_id: idOf(r[0]),
      description: 'A5 booklet for the harbour office',
    },
  }),
  (r) => ({
    name: 'create_story',
    arguments: { title: 'Web tables', epic_id: idOf(r[0]), description: 'Markdown tables on the site' },
  }),
  (r) => ({
    name: 'create_story',
    arguments: { title: 'Cork rain gauge', epic_id: idOf(r[1]), description: 'Replace gauge R-118' },
  }),
  (r) => ({
    name: 'create_task',
    arguments: {
      title: 'Render booklet cover',
      story_id: idOf(r[2]),
      task_type: 'feature',
      estimate_hours: 3,
      description: 'Cover with the harbour photo',
    },
  }),
  (r) => ({
    name: 'create_task',
    arguments: {
      title: 'Fix DST offset on 27 October',
      story_id: idOf(r[3]),
      task_type: 'bug',
      estimate_hours: 2,
      description: 'Times shift by one hour after the switch',
    },
  }),
  (r) => ({
    name: 'create_task',
    arguments: {
      title: 'Order gauge R-220',
      story_id: idOf(r[4]),
      task_type: 'chore',
      estimate_hours: 1,
      description: 'Supplier ref MI-55821',
    },
  }),
  (r) => ({
    name: 'create_task',
    arguments: {
      title: 'Install gauge on pier 3',
      story_id: idOf(r[4]),
      task_type: 'chore',
      estimate_hours: 5,
      description: 'Needs harbour master permit',
    },
  }),
  (r) => ({
    name: 'create_task',
    arguments: {
      title: 'Spike: tide API for partners',
      story_id: idOf(r[3]),
      task_type: 'spike',
      estimate_hours: 8,
      description: 'JSON endpoint for two partner apps',
    },
  }),
  (r) => ({
    name: 'create_task',
    arguments: {
      title: 'Test booklet on A5 printer',
      story_id: idOf(r[2]),
      task_type: 'test',
      estimate_hours: 1,
      description: 'Check margins',
    },
  }),
  (r) => ({
    name: 'update_task_status',
    arguments: { task_id: idOf(r[5]), status: 'done', notes: 'Cover approved by Greta Voss' },
  }),
  (r) => ({ name: 'update_task_status', arguments: { task_id: idOf(r[6]), status: 'in_progress' } }),
  (r) => ({
    name: 'update_task_status',
    arguments: { task_id: idOf(r[8]), status: 'blocked', notes: 'Permit HM-2291 pending' },
  }),
  (r) => ({
    name: 'add_dependency',
    arguments: { task_id: idOf(r[8]), depends_on_task_id: idOf(r[7]), dependency_type: 'blocks' },
  }),
];
await seedViaTools(
  { args: [pkg('@stevestomp/ohno-mcp/dist/index.js')], env: { OHNO_DB_PATH: join(dir, '.ohno/tasks.db') } },
  calls,
);
