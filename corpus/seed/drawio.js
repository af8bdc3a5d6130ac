// Seed of drawio (docs/corpus.md): two diagrams (.drawio.svg), written through the server's own tools.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { pkg, seedViaTools } from './lib/via-tools.js';

const dir = target();
const flow = join(dir, 'data-flow.drawio.svg');
const org = join(dir, 'team.drawio.svg');
const node = (id, title, kind = 'Rectangle') => ({ id, title, kind });
await seedViaTools({ args: [pkg('drawio-mcp/dist/index.js')], cwd: dir }, [
  { name: 'new_diagram', arguments: { file_path: flow } },
  {
    name: 'add_nodes',
    arguments: {
      file_path: flow,
      nodes: [
        node('gauge', 'Tide gauge T-204', 'Ellipse'),
        node('logger', 'Data logger'),
        node('db', 'Readings DB', 'Cylinder'),
        node('site', 'Tide tables site'),
      ],
    },
  },
  {
    name: 'link_nodes',
    arguments: {
      file_path: flow,
      edges: [
        { from: 'gauge', to: 'logger', title: 'every 15 min' },
        { from: 'logger', to: 'db', title: 'nightly export' },
        { from: 'db', to: 'site', title: 'weekly render' },
      ],
    },
  },
  { name: 'new_diagram', arguments: { file_path: org } },
  {
    name: 'add_nodes',
    arguments: {
      file_path: org,
      nodes: [
        node('dagny', 'Dagny Lund\nStation manager'),
        node('chen', 'Chen Wei\nData officer'),
        node('elif', 'Elif Demir\nHerbarium lead'),
      ],
    },
  },
  {
    name: 'link_nodes',
    arguments: {
      file_path: org,
      edges: [
        { from: 'dagny', to: 'chen', title: 'supervises' },
        { from: 'dagny', to: 'elif' },
      ],
    },
  },
]);
