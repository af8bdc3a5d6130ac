import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorpusServer } from '../src/roster/yield.js';

/**
 * The corpus's files agree (docs/corpus.md): every server in corpus/servers.json has a split from the
 * one list, its package pinned at the same version in corpus/package.json, a roster entry whose data
 * folder is its own, and a seed script. Reads the files only: no corpus server is started here.
 */

const CORPUS = resolve(import.meta.dirname, '../corpus');
const json = (name: string) => JSON.parse(readFileSync(join(CORPUS, name), 'utf8'));
const servers: Record<string, { package: string; version: string; split: string }> =
  json('servers.json').servers;
const roster: Record<string, { data?: string }> = json('roster.json').mcpServers;
const pinned: Record<string, string> = json('package.json').dependencies;

describe('corpus files', () => {
  it('list the same servers in servers.json and roster.json', () => {
    expect(Object.keys(roster).sort()).toEqual(Object.keys(servers).sort());
  });

  it.each(Object.entries(servers))(
    '%s: a known split, its pinned version, its data folder and seed',
    (name, s) => {
      expect(CorpusServer.safeParse(s).success).toBe(true);
      expect(pinned[s.package]).toBe(s.version);
      expect(roster[name]?.data).toBe(`data/${name}`);
      expect(existsSync(join(CORPUS, 'seed', `${name}.js`))).toBe(true);
    },
  );

  it('hold 21 dev, 11 held-out, 9 fresh, 8 second-fresh, 8 third-fresh, 8 fourth-fresh, 8 fifth-fresh, 8 sixth-fresh, 3 seventh-fresh, 4 eighth-fresh, 3 ninth-fresh, 4 tenth-fresh and 3 eleventh-fresh servers', () => {
    const count = (split: string) => Object.values(servers).filter((s) => s.split === split).length;
    expect([
      count('dev'),
      count('holdout'),
      count('fresh'),
      count('fresh2'),
      count('fresh3'),
      count('fresh4'),
      count('fresh5'),
      count('fresh6'),
      count('fresh7'),
      count('fresh8'),
      count('fresh9'),
      count('fresh10'),
      count('fresh11'),
    ]).toEqual([21, 11, 9, 8, 8, 8, 8, 8, 3, 4, 3, 4, 3]);
  });

  it('lock every optional dependency, even one for another platform (npm ci refuses a lock without it)', () => {
    const packages: Record<string, { optionalDependencies?: Record<string, string> }> =
      json('package-lock.json').packages;
    const missing = Object.entries(packages).flatMap(([path, p]) =>
      Object.keys(p.optionalDependencies ?? {})
        .filter((dep) => !resolvesFrom(path, dep, packages))
        .map((dep) => `${path} -> ${dep}`),
    );
    expect(missing).toEqual([]);
  });
});

/** Whether `dep`, required by the package at `path`, is locked where Node would look for it from there. */
function resolvesFrom(path: string, dep: string, packages: Record<string, unknown>): boolean {
  for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    if (`${dir ? `${dir}/` : ''}node_modules/${dep}` in packages) return true;
    if (dir === '') return false;
  }
}
