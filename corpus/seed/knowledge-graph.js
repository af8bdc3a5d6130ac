// Seed of knowledge-graph (docs/corpus.md): memory.jsonl, a graph of 10 entities and 8 relations.
import { target, writeTree } from './lib/common.js';
import { ENTITIES, RELATIONS } from './lib/graph.js';

const lines = [
  ...ENTITIES.map((e) => JSON.stringify({ type: 'entity', ...e })),
  ...RELATIONS.map(([from, to, relationType]) =>
    JSON.stringify({ type: 'relation', from, to, relationType }),
  ),
];
writeTree(target(), { 'memory.jsonl': `${lines.join('\n')}\n` });
