import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every server process the harness starts, and everything those processes start. A server runs in
 * a process group of its own (so one signal reaches its helpers), and its environment carries a
 * marker naming its session: a descendant that left the group (`setsid`, a double fork) still
 * inherits the marker, so it is found under /proc and reaped when its session closes, when the run
 * ends, or when the harness exits. Linux only for the marker scan; the group kill works everywhere.
 */
export const MARKER_VAR = 'FITNESS_REPORT_SESSION';

interface Tracked {
  child: ChildProcess;
  marker: string;
  /** The run (or other owner) that started it: `reapScope` ends one run's processes only. */
  scope: string | undefined;
}

/** Servers started inside `processScope.run(id, …)` belong to scope `id` (one per run). */
export const processScope = new AsyncLocalStorage<string>();

const live = new Map<string, Tracked>();
/** Markers of sessions already closed whose escaped descendants may still be running. */
const closed = new Set<string>();
/** Scopes already reaped: a server one of their stragglers starts afterwards is killed at once. */
const reaped = new Set<string>();
let sweepTimer: NodeJS.Timeout | undefined;
let counter = 0;
let hooked = false;
let hurried = false;

/**
 * A second signal: every shutdown from now on skips its grace periods (no stdin EOF wait, no TERM
 * wait), and every tracked process is killed at once.
 */
export function hurry(): void {
  hurried = true;
  reapAll();
}

export function isHurried(): boolean {
  return hurried;
}

/** A fresh marker value for one server process's environment. */
export function newMarker(): string {
  counter += 1;
  return `${process.pid}-${counter}-${randomBytes(4).toString('hex')}`;
}

/** Starts tracking a spawned server (its group and its marker) until `release`. */
export function track(child: ChildProcess, marker: string): void {
  const scope = processScope.getStore();
  if (scope !== undefined && reaped.has(scope)) {
    // The run already ended (a trial still starting a server when the run was reaped): never keep it.
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    closed.add(marker);
    scheduleSweep();
    return;
  }
  live.set(marker, { child, marker, scope });
  if (!hooked) {
    hooked = true;
    // Last resort: whatever is still running when the harness exits goes with it.
    process.on('exit', () => reapAll());
  }
}

/** The session is over: its group is signalled, and escaped descendants are swept shortly after. */
export function release(marker: string): void {
  const tracked = live.get(marker);
  live.delete(marker);
  if (tracked?.child.pid !== undefined) signalGroup(tracked.child.pid, 'SIGKILL');
  closed.add(marker);
  // One /proc pass serves every session closed in the same quarter second (a run closes many).
  scheduleSweep();
}

/** SIGKILLs every tracked group and every process carrying a marker of this harness, now. */
export function reapAll(): number {
  let killed = 0;
  for (const { child, marker } of live.values()) {
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    closed.add(marker);
  }
  live.clear();
  killed += sweep();
  return killed;
}

/** SIGKILLs every process a scope started that is still tracked (and its escaped descendants). */
export function reapScope(scope: string): number {
  reaped.add(scope);
  let groups = 0;
  for (const [marker, tracked] of live) {
    if (tracked.scope !== scope) continue;
    if (tracked.child.pid !== undefined) signalGroup(tracked.child.pid, 'SIGKILL');
    live.delete(marker);
    closed.add(marker);
    groups += 1;
  }
  return groups + sweep();
}

/**
 * Number of server processes (groups) the harness is tracking right now.
 * @internal Only tests read it, to see every process reaped.
 */
export function liveCount(scope?: string): number {
  if (scope === undefined) return live.size;
  return [...live.values()].filter((t) => t.scope === scope).length;
}

function scheduleSweep(): void {
  if (sweepTimer !== undefined) return;
  sweepTimer = setTimeout(() => {
    sweepTimer = undefined;
    sweep();
  }, 250).unref();
}

/** Kills every process whose environment names a closed session; returns how many it signalled. */
function sweep(): number {
  if (closed.size === 0) return 0;
  const found = markedProcesses(closed);
  for (const pid of found) signalPid(pid, 'SIGKILL');
  // A sweep that found nothing ends the watch; one that killed something looks again (it may have forked).
  if (found.length === 0) closed.clear();
  else scheduleSweep();
  return found.length;
}

/** Pids (other than this process) whose initial environment carries one of `markers`. */
export function markedProcesses(markers: ReadonlySet<string>): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needles = [...markers].map((m) => Buffer.from(`${MARKER_VAR}=${m}\0`));
  const out: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let env: Buffer;
    try {
      env = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue;
    }
    if (needles.some((n) => env.includes(n))) out.push(Number(entry));
  }
  return out;
}

export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already empty.
  }
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
