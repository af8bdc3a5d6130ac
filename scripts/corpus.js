#!/usr/bin/env node
// `npm run corpus` (docs/corpus.md): installs the corpus's own servers if missing, seeds each
// server's data, runs the corpus roster offline and prints the yield table. Thin: the table and the
// goal lines (per split) are computed by src/roster/yield.ts from the records; this script only prints them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = join(ROOT, 'corpus');

// The split names are declared once, in src/roster/yield.ts: the built yield module is loaded first
// (building dist/ when it is missing) and the --split choices are read from it.
if (!existsSync(join(ROOT, 'dist/cli/main.js'))) run('npm', ['run', 'build']);
const { SPLITS, readYieldRows, yieldTable, splitGoalLines } = await import(
  pathToFileURL(join(ROOT, 'dist/roster/yield-io.js')).href
);
if (!Array.isArray(SPLITS)) throw new Error('dist/ is older than src/roster/yield.ts: run npm run build');
const SPLIT_CHOICES = [...SPLITS, 'all'];
const USAGE = `usage: npm run corpus -- [--split ${SPLIT_CHOICES.join('|')}] [--only NAME]... [--out DIR] [--concurrency N] [--seed N] [--table-only]`;

/** Bad input ends in one line naming what was wrong, then the usage; never a stack trace. */
function fail(message) {
  process.stderr.write(`npm run corpus: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** A whole number of at least `least`, or one line saying which flag was given what. */
function count(flag, text, least) {
  if (!/^\d+$/.test(text) || Number(text) < least)
    fail(`${flag} ${text}: a whole number of at least ${least}`);
  return Number(text);
}

function parse(argv) {
  const o = {
    split: 'all',
    only: [],
    out: join(ROOT, 'corpus-runs'),
    concurrency: 2,
    seed: 29,
    tableOnly: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === '--help' || a === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (a === '--split') o.split = value();
    else if (a === '--only') o.only.push(...value().split(','));
    else if (a === '--out') o.out = resolve(value());
    else if (a === '--concurrency') o.concurrency = count(a, value(), 1);
    else if (a === '--seed') o.seed = count(a, value(), 0);
    else if (a === '--table-only') o.tableOnly = true;
    else fail(`unknown option ${a}`);
  }
  if (!SPLIT_CHOICES.includes(o.split)) fail(`--split ${o.split}: one of ${SPLIT_CHOICES.join(', ')}`);
  return o;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (r.status !== 0 && !opts.allowFail) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
  return r.status;
}

const opts = parse(process.argv.slice(2));
const servers = JSON.parse(readFileSync(join(CORPUS, 'servers.json'), 'utf8')).servers;
for (const n of opts.only) if (!(n in servers)) fail(`--only ${n}: not in corpus/servers.json`);
const names = Object.keys(servers).filter(
  (n) =>
    (opts.only.length === 0 || opts.only.includes(n)) &&
    (opts.split === 'all' || servers[n].split === opts.split),
);
if (names.length === 0) fail(`no server of split ${opts.split} matches --only ${opts.only.join(',')}`);

if (!opts.tableOnly) {
  if (!existsSync(join(CORPUS, 'node_modules')))
    run('npm', ['ci', '--prefix', CORPUS, '--no-audit', '--no-fund']);
  for (const n of names) {
    process.stdout.write(`seed ${n}\n`);
    execFileSync(process.execPath, [join(CORPUS, 'seed', `${n}.js`), join(CORPUS, 'data', n)], {
      stdio: 'inherit',
    });
  }
  // Data copies live under --out, not /tmp, in a folder whose name is not hidden: some servers refuse
  // a folder under a system directory or a hidden one (obsidian-mcp).
  const tmp = join(opts.out, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const resume = existsSync(join(opts.out, 'roster.sqlite')) ? ['--resume'] : [];
  run(
    process.execPath,
    [
      join(ROOT, 'bin/fitness-report.js'),
      'roster',
      join(CORPUS, 'roster.json'),
      '--out',
      opts.out,
      '--site',
      join(opts.out, 'site'),
      '--no-conformance',
      '--jobs',
      String(opts.concurrency),
      '--runner',
      'heuristic',
      '--generator',
      'explore/2',
      // Several corpus servers keep one data store (a SQLite or libSQL file, a file rewritten whole
      // at start): their fresh per-trial processes start one at a time for every server alike.
      '--server-starts',
      'one-at-a-time',
      '--seed',
      String(opts.seed),
      '--plain',
      '--only',
      names.join(','),
      ...resume,
    ],
    { env: { ...process.env, TMPDIR: tmp }, allowFail: true },
  );
}

const rows = await readYieldRows(opts.out, servers, names);
const text = `${yieldTable(rows)}\n\n${splitGoalLines(rows).join('\n')}\n`;
process.stdout.write(text);
writeFileSync(join(opts.out, 'table.txt'), text);
