// Seed of memory-libsql (docs/corpus.md): its own libSQL store (LIBSQL_URL), written through its own
// tools: the research-station graph of 10 entities and 8 relations.
import { join } from 'node:path';
import { target } from './lib/common.js';
import { ENTITIES, RELATIONS } from './lib/graph.js';
import { pkg, seedViaTools } from './lib/via-tools.js';

const dir = target();
await seedViaTools(
  { args: [pkg('mcp-memory-libsql/dist/index.js')], env: { LIBSQL_URL: `file:${join(dir, 'memory.db')}` } },
  [
    { name: 'create_entities', arguments: { entities: ENTITIES } },
    {
      name: 'create_relations',
      arguments: { relations: RELATIONS.map(([source, target, type]) => ({ source, target, type })) },
    },
  ],
);
