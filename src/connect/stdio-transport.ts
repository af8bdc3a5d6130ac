import type { ChildProcess } from 'node:child_process';
import { deserializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import {
  DEFAULT_MAX_FRAME_BYTES,
  type FrameRefusal,
  FrameRefusedError,
  MAX_JSON_DEPTH,
  tooDeep,
} from './json-limits.js';
import { isHurried, release, signalGroup } from './processes.js';
import { type StartedServer, startServerProcess } from './server-process.js';

export const DEFAULT_MAX_LINE_BYTES = DEFAULT_MAX_FRAME_BYTES;
const STDERR_TAIL_BYTES = 8192;
const NOISE_HEAD_CHARS = 512;

export interface ProcessTransportOptions {
  argv: readonly string[];
  /** Added to the SDK's safe inherited set (PATH, HOME, …); the harness's own secrets are not passed on. */
  env?: Record<string, string>;
  cwd?: string | undefined;
  /** A stdout line longer than this closes the transport (never buffered without bound). */
  maxLineBytes?: number;
  /** A stdout line that is not a JSON-RPC message. */
  onNoise?: (head: string, bytes: number) => void;
  onStderr?: (text: string) => void;
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  /** A frame over the size or depth limit: the session ends with a transport error. */
  onRefused?: (refusal: FrameRefusal, bytes: number) => void;
  /**
   * Where the process comes from: a fresh one started ahead for this session (see `ServerPool`).
   * Default: spawned by `start()`. Either way the process is this transport's alone.
   */
  prestarted?: () => StartedServer;
}

/** How the process ended, for error messages. */
export interface ProcessDiagnostics {
  pid: number | undefined;
  spawnError: string | undefined;
  exitCode: number | null | undefined;
  signal: NodeJS.Signals | null | undefined;
  stderrTail: string;
  noiseLines: number;
  firstNoise: string | undefined;
  overflow: boolean;
  /** The frame limit that ended the session, if one did (size: `overflow` is also set). */
  refused?: FrameRefusal;
}

/**
 * A stdio client transport that owns its process group: the server runs detached in a group of its
 * own, and `close()` ends stdin, then signals the whole group (TERM, then KILL), so helpers the server
 * spawned die with it. Stdout lines that are not JSON-RPC are reported, not fatal; a line over the
 * size limit is. It is stdio-shaped for the SDK (`pid`, `stderr`) and not the SDK's own class, so the
 * era probe runs in place on this process, where the tape sees it.
 */
export class ProcessStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closed = false;
  private marker: string | undefined;
  readonly diagnostics: ProcessDiagnostics = {
    pid: undefined,
    spawnError: undefined,
    exitCode: undefined,
    signal: undefined,
    stderrTail: '',
    noiseLines: 0,
    firstNoise: undefined,
    overflow: false,
  };

  constructor(private readonly options: ProcessTransportOptions) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Stderr is consumed by the transport (diagnostics and tape), never inherited. */
  get stderr(): null {
    return null;
  }

  start(): Promise<void> {
    if (this.child !== undefined) throw new Error('ProcessStdioTransport already started');
    const server = this.options.prestarted?.() ?? startServerProcess(this.options);
    const child = server.child;
    this.child = child;
    this.marker = server.marker;
    this.exited = server.exited.then(() => {
      if (server.exit === undefined) return;
      this.diagnostics.exitCode = server.exit.code;
      this.diagnostics.signal = server.exit.signal;
      this.options.onExit?.(server.exit.code, server.exit.signal);
    });
    child.stdin?.on('error', (err) => this.onerror?.(err));
    child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stdout?.on('error', (err) => this.onerror?.(err));
    child.stderr?.on('data', (chunk: Buffer) => this.onStderrData(chunk));
    if (server.closed) queueMicrotask(() => this.finish());
    else child.once('close', () => this.finish());
    return server.spawned.then(
      () => {
        this.diagnostics.pid = child.pid;
      },
      (err: unknown) => {
        this.diagnostics.spawnError = server.spawnError;
        this.finish();
        throw err;
      },
    );
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.closed || stdin === undefined || stdin === null || stdin.destroyed) {
      return Promise.reject(new Error('not connected: the server process is not running'));
    }
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** Ends the process group: stdin EOF, then TERM, then KILL; resolves when the leader has exited. */
  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined || this.exited === undefined) {
      this.finish();
      return;
    }
    const exited = this.exited;
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      child.stdin?.end();
      if (isHurried()) signalGroup(child.pid, 'SIGKILL');
      else if (!(await within(exited, 300))) {
        signalGroup(child.pid, 'SIGTERM');
        if (!(await within(exited, 1000))) signalGroup(child.pid, 'SIGKILL');
      }
      await exited;
    }
    // The leader is gone; anything it left in its group goes too, and so does anything that left
    // the group but still carries this session's marker.
    if (this.marker !== undefined) release(this.marker);
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.stdin?.destroy();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.onclose?.();
  }

  private onStdout(chunk: Buffer): void {
    let start = 0;
    let nl = chunk.indexOf(10, start);
    while (nl !== -1) {
      this.pending.push(chunk.subarray(start, nl));
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      this.onLine(line);
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      const limit = this.options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
      if (this.pendingBytes > limit) {
        this.diagnostics.overflow = true;
        const bytes = this.pendingBytes;
        this.pending = [];
        this.pendingBytes = 0;
        this.refuse({ kind: 'size', limit }, bytes);
      }
    }
  }

  private onLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '' || this.closed || this.diagnostics.refused !== undefined) return;
    if (tooDeep(line, MAX_JSON_DEPTH)) {
      this.refuse({ kind: 'depth', limit: MAX_JSON_DEPTH }, Buffer.byteLength(line));
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.diagnostics.noiseLines += 1;
      const head = line.slice(0, NOISE_HEAD_CHARS);
      this.diagnostics.firstNoise ??= head;
      this.options.onNoise?.(head, Buffer.byteLength(line));
      return;
    }
    this.onmessage?.(message);
  }

  /** A frame past a limit ends the session: recorded, reported as a transport error, process closed. */
  private refuse(refusal: FrameRefusal, bytes: number): void {
    if (this.diagnostics.refused !== undefined) return;
    this.diagnostics.refused = refusal;
    this.options.onRefused?.(refusal, bytes);
    this.onerror?.(new FrameRefusedError(refusal));
    void this.close();
  }

  private onStderrData(chunk: Buffer): void {
    const text = chunk.toString('utf8');
    const tail = this.diagnostics.stderrTail + text;
    this.diagnostics.stderrTail = tail.length > STDERR_TAIL_BYTES ? tail.slice(-STDERR_TAIL_BYTES) : tail;
    this.options.onStderr?.(text);
  }
}

function within(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
