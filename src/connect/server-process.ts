import { type ChildProcess, spawn } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { errorCode } from '../core/errors.js';
import { MARKER_VAR, newMarker, release, track } from './processes.js';

/** How to start one stdio server process. */
export interface ServerCommand {
  argv: readonly string[];
  /** Added to the SDK's safe inherited set (PATH, HOME, …); the harness's own secrets are not passed on. */
  env?: Record<string, string>;
  cwd?: string | undefined;
}

/**
 * One started server process, before (or while) a session reads it. Its stdout and stderr are not
 * read until a transport adopts it, so nothing it writes is lost (the pipes hold it) and nothing is
 * recorded before the session that owns it exists. How it started and ended is kept here, since
 * that may happen before adoption.
 */
export interface StartedServer {
  readonly child: ChildProcess;
  /** The environment marker of its process tree (see processes.ts). */
  readonly marker: string;
  /** `performance.now()` when it was spawned. */
  readonly startedAt: number;
  /** Resolves once the process is running; rejects with the spawn error (ENOENT, EACCES, …). */
  readonly spawned: Promise<void>;
  /** Resolves when the process has exited (or failed to spawn). */
  readonly exited: Promise<void>;
  /** Set once the process has exited. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  spawnError?: string;
  /** All its stdio streams closed (its `close` event). */
  closed: boolean;
}

/** Spawns a server in a process group of its own, tracked under its marker from the first moment. */
export function startServerProcess(command: ServerCommand): StartedServer {
  const marker = newMarker();
  const [file, ...args] = command.argv;
  const child = spawn(file ?? '', args, {
    env: { ...getDefaultEnvironment(), ...command.env, [MARKER_VAR]: marker },
    cwd: command.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    windowsHide: true,
  });
  track(child, marker);
  // The listeners below run on later ticks, after `server` exists.
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (err) => {
      server.spawnError = errorCode(err) ?? err.message;
      reject(err);
    });
  });
  // Nobody may be waiting yet (a process started ahead): the rejection is read from `spawnError` too.
  spawned.catch(() => {});
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      server.exit = { code, signal };
      resolve();
    });
    child.once('error', () => resolve());
  });
  child.once('close', () => {
    server.closed = true;
  });
  // A write to a process that already died fails on stdin; the adopting transport reports it.
  child.stdin?.on('error', () => {});
  const server: StartedServer = {
    child,
    marker,
    startedAt: performance.now(),
    spawned,
    exited,
    closed: false,
  };
  return server;
}

/** Ends a started process no session ever used: its group is killed and its pipes let go. */
export function discardServer(server: StartedServer): void {
  release(server.marker);
  server.child.stdin?.destroy();
  server.child.stdout?.destroy();
  server.child.stderr?.destroy();
}
