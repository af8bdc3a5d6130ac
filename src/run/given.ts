import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { Target } from '../connect/target.js';
import { UsageError } from '../core/errors.js';
import type { GivenValue } from '../suite/given.js';
import { filesInFolders } from './folder-files.js';

/** Scripts are how a server starts, not context a user gives. */
const SCRIPT = /\.(?:[cm]?js|ts|py|rb|sh|pl|php|exe|jar)$/i;

function pathKind(path: string): 'file' | 'dir' | undefined {
  try {
    const stat = statSync(path);
    return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The run's given context: `--given` pairs (and an mcpServers entry's `given`) as the user wrote
 * them, then the target's own argv (after the command), env and cwd entries that are existing
 * paths, recorded as derived with where each came from, then the files inside every folder among
 * them (`folder-files.ts`). A value that is a known secret is never derived; scripts (the server's
 * own entry file) are not context.
 */
export function resolveGiven(
  target: Target,
  explicit: Readonly<Record<string, string>>,
  secrets: readonly string[],
  cwd: string,
): GivenValue[] {
  const out: GivenValue[] = [];
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(explicit)) {
    out.push({ name, value, origin: 'given', source: '--given' });
    seen.add(value);
  }
  if (target.kind !== 'stdio') return [...out, ...filesInFolders(out, seen, secrets)];
  const base = target.cwd ?? cwd;
  const derive = (name: string, raw: string, source: string) => {
    if (raw.trim() === '' || raw.startsWith('-') || secrets.includes(raw)) return;
    const path = isAbsolute(raw) ? raw : resolve(base, raw);
    const kind = pathKind(path);
    // The server's own script is not context, nor is it a file of a folder it is in.
    if (kind === 'file' && SCRIPT.test(path)) seen.add(path);
    if (kind === undefined || (kind === 'file' && SCRIPT.test(path)) || seen.has(path)) return;
    seen.add(path);
    out.push({ name, value: path, origin: 'derived', source, kind });
  };
  target.argv.slice(1).forEach((arg, i) => {
    derive(`argv[${i + 1}]`, arg, `argv[${i + 1}]`);
  });
  for (const [name, value] of Object.entries(target.env)) derive(name, value, `env ${name}`);
  if (target.cwd !== undefined) derive('cwd', target.cwd, 'cwd');
  return [...out, ...filesInFolders(out, seen, secrets)];
}

/** `NAME=VALUE` → [name, value]; a bad pair is a usage error naming the flag. */
export function givenPair(text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0 || eq === text.length - 1)
    throw new UsageError(`--given needs NAME=VALUE with a non-empty value, got '${text}'`);
  return [text.slice(0, eq).trim(), text.slice(eq + 1)];
}

const ConfigGiven = z.looseObject({
  mcpServers: z
    .record(z.string(), z.looseObject({ given: z.record(z.string(), z.string()).optional() }))
    .optional(),
  servers: z
    .record(z.string(), z.looseObject({ given: z.record(z.string(), z.string()).optional() }))
    .optional(),
});

/** An mcpServers entry's `"given": {"repo_path": "…"}` (the rest of the entry is the target). */
export function configGiven(file: string, server: string): Record<string, string> {
  try {
    const parsed = ConfigGiven.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return {};
    const entry = parsed.data.mcpServers?.[server] ?? parsed.data.servers?.[server];
    return { ...(entry?.given ?? {}) };
  } catch {
    // The target loader reports an unreadable or invalid config with its own message.
    return {};
  }
}
