// What dist/ was built from, so `npm test` rebuilds only when something it is built from changed.
// `npm run build` ends by writing dist/.build-stamp.json: a digest of every input of the build (the
// sources under src/ and examples/servers/ but their tests, the build scripts, the tsconfigs, the
// package manifest and the lockfile, and the Node that ran it, since the planted servers' startup
// snapshot starts only under that Node) and a digest of every file the build wrote.
// scripts/checks.js skips the build when both still hold: the same inputs, and dist/ exactly as that
// build left it (a file edited, added or removed in dist/ means a rebuild). `npm ci` builds once
// (its prepare script), so CI's `npm test` right after it does not compile the same tree twice.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampOf = (root) => join(root, 'dist', '.build-stamp.json');
const INPUT_DIRS = ['src', 'examples/servers', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(path);
    // Neither tsc (tsconfig.build.json) nor the viewer's bundle reads a test file.
    return e.isFile() && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** One digest over the files' paths (relative to `base`) and contents, in a fixed order. */
function digest(files, base, extra = '') {
  const hash = createHash('sha256').update(extra);
  for (const file of [...files].sort()) {
    hash.update(`\0${relative(base, file)}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : '(absent)');
  }
  return hash.digest('hex');
}

function inputsDigest(root) {
  const files = [...INPUT_DIRS.flatMap((d) => walk(join(root, d))), ...INPUT_FILES.map((f) => join(root, f))];
  return digest(files, root, `${process.version} ${process.arch} ${process.platform}`);
}

function outputsDigest(root) {
  const dist = join(root, 'dist');
  return digest(
    walk(dist).filter((f) => f !== stampOf(root)),
    dist,
  );
}

/** Records what dist/ under `root` was just built from, and what the build left in it. */
export function writeStamp(root = ROOT) {
  writeFileSync(
    stampOf(root),
    `${JSON.stringify({ inputs: inputsDigest(root), outputs: outputsDigest(root) })}\n`,
  );
}

/** Why dist/ must be rebuilt, or undefined when it is exactly what a build of these inputs left. */
export function staleReason(root = ROOT) {
  const file = stampOf(root);
  if (!existsSync(file)) return 'dist/ has no build stamp';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return 'dist/.build-stamp.json is unreadable';
  }
  if (stamp?.inputs !== inputsDigest(root))
    return 'a source, script, manifest or the Node changed since the last build';
  if (stamp?.outputs !== outputsDigest(root)) return 'dist/ changed since the last build';
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'write') writeStamp();
