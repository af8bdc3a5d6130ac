// Shared helpers of the corpus seeds (docs/corpus.md): a seeded PRNG, the target folder, file trees.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folder named on the command line, emptied and created (a seed always starts from nothing). */
export function target() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node seed/<name>.js DIR');
    process.exit(2);
  }
  const abs = resolve(dir);
  rmSync(abs, { recursive: true, force: true });
  mkdirSync(abs, { recursive: true });
  return abs;
}

/** mulberry32: a small deterministic PRNG, so every seed writes the same bytes on every machine. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    date: (y0, y1) => {
      const y = lo(y0, y1);
      const m = 1 + Math.floor(next() * 12);
      const d = 1 + Math.floor(next() * 28);
      return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      function lo(a0, a1) {
        return a0 + Math.floor(next() * (a1 - a0 + 1));
      }
    },
  };
}

/** Writes a tree of files: `{ 'a/b.md': 'text' }` under dir. */
export function writeTree(dir, files) {
  for (const [rel, body] of Object.entries(files)) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  }
}

export const PEOPLE = [
  'Amara Okafor',
  'Bruno Tavares',
  'Chen Wei',
  'Dagny Lund',
  'Elif Demir',
  'Farid Haddad',
  'Greta Voss',
  'Hiro Tanaka',
  'Ines Moreau',
  'Jonas Berg',
  'Kavya Rao',
  'Luca Ferri',
  'Maya Cohen',
  'Nils Ekström',
  'Olga Petrova',
  'Pedro Alves',
  'Quinn Walsh',
  'Rosa Jiménez',
  'Sven Aalto',
  'Tomasz Nowak',
];
export const CITIES = [
  'Lisbon',
  'Porto',
  'Ghent',
  'Aarhus',
  'Tromsø',
  'Valencia',
  'Bologna',
  'Kraków',
  'Tartu',
  'Galway',
  'Cork',
  'Bergen',
  'Lyon',
  'Graz',
  'Brno',
];
