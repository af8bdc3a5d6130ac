import { readFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve, sep } from 'node:path';
import { z } from 'zod';
import type { ServerPackage } from '../record/server-version.js';

const Manifest = z.looseObject({ name: z.string().min(1), version: z.string().min(1) });
const EXACT = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/** `@scope/name@1.2.3` or `name@1.2.3` (an npx spec); the version only when it is exact. */
export function parseSpec(spec: string): ServerPackage | undefined {
  const m = /^(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*|[a-z0-9][\w.-]*)(?:@(.+))?$/i.exec(spec);
  if (!m?.[1]) return undefined;
  const version = m[2];
  return { name: m[1], ...(version !== undefined && EXACT.test(version) ? { version } : {}), from: 'spec' };
}

/** The package a path inside `node_modules` belongs to, read from its own package.json. */
function installedPackage(path: string): ServerPackage | undefined {
  const parts = path.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const first = parts[at + 1];
  if (first === undefined) return undefined;
  const depth = first.startsWith('@') ? 2 : 1;
  const root = parts.slice(0, at + 1 + depth).join(sep);
  try {
    const manifest = Manifest.safeParse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
    return manifest.success
      ? { name: manifest.data.name, version: manifest.data.version, from: 'installed' }
      : undefined;
  } catch {
    return undefined;
  }
}

const NPX_FLAGS_WITH_VALUE = new Set(['-p', '--package', '-c', '--call']);

function npxSpec(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') return args[i + 1];
    if (NPX_FLAGS_WITH_VALUE.has(a)) return args[i + 1];
    if (a.startsWith('-')) continue;
    return a;
  }
  return undefined;
}

/**
 * The npm package a stdio server runs from, for drift between attempts: a script inside
 * `node_modules` (its package.json), or an `npx` spec (its version when the spec pins one).
 * Undefined for anything else (a local script, a binary): there is no package version to record.
 */
export function serverPackage(argv: readonly string[], cwd: string): ServerPackage | undefined {
  const [command, ...args] = argv;
  if (command === undefined) return undefined;
  if (/^npx(\.cmd)?$/.test(basename(command))) {
    const spec = npxSpec(args);
    return spec === undefined ? undefined : parseSpec(spec);
  }
  for (const arg of [command, ...args]) {
    if (!arg.includes('node_modules')) continue;
    const found = installedPackage(isAbsolute(arg) ? arg : resolve(cwd, arg));
    if (found) return found;
  }
  return undefined;
}
