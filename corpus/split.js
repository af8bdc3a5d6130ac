#!/usr/bin/env node
// Assigns the held-out third (docs/corpus.md): names sorted by code point, shuffled by Fisher–Yates
// with mulberry32(SEED), the first round(n/3) are "holdout", the rest "dev". Run once, before any
// server is measured; the result is written into servers.json and never re-drawn. The draw is over
// the first 32 servers only: a server whose split starts with "fresh" (`fresh`, `fresh2`, `fresh3`,
// `fresh4`, `fresh5`, `fresh6`, `fresh7`, `fresh8`, `fresh9`, `fresh10`, `fresh11`: a batch added later
// and held out whole) is left out of it and keeps its split.
import { readFileSync, writeFileSync } from 'node:fs';
import { rng } from './seed/lib/common.js';

export const SEED = 29;

export function assign(names) {
  const order = [...names].sort();
  const r = rng(SEED);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const held = new Set(order.slice(0, Math.round(order.length / 3)));
  return Object.fromEntries(names.map((n) => [n, held.has(n) ? 'holdout' : 'dev']));
}

if (process.argv[2] === '--write') {
  const file = new URL('./servers.json', import.meta.url);
  const servers = JSON.parse(readFileSync(file, 'utf8'));
  const drawn = Object.keys(servers.servers).filter((n) => !servers.servers[n].split.startsWith('fresh'));
  const split = assign(drawn);
  for (const n of drawn) servers.servers[n].split = split[n];
  writeFileSync(file, `${JSON.stringify(servers, null, 2)}\n`);
}
