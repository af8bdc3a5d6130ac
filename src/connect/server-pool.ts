import {
  discardServer,
  type ServerCommand,
  type StartedServer,
  startServerProcess,
} from './server-process.js';

export interface ServerPoolOptions {
  /** Started, unused processes the pool may hold at once (the trial concurrency). */
  size: number;
  /** Processes the phase will use at most (its trials that open a session): never more are started. */
  demand: number;
  /** Starts one process (default: `startServerProcess`). */
  start?: (command: ServerCommand) => StartedServer;
}

/**
 * Server start-up off the critical path: the pool starts the next trials' stdio server processes
 * while the current trials run, so a trial finds its process already booting or booted. Every
 * process is fresh and goes to exactly one session (never reused, so trials stay isolated); the pool
 * holds at most `size` unused ones, starts no more than `demand` in all, and `stop()` kills those
 * no trial took. Each is tracked from its spawn (processes.ts), so a run that ends any other way
 * (abort, crash, budget) reaps them with the rest of its scope.
 */
export class ServerPool {
  private readonly ready: StartedServer[] = [];
  private started = 0;
  private stopped = false;
  private readonly start: (command: ServerCommand) => StartedServer;

  constructor(
    private readonly command: ServerCommand,
    private readonly options: ServerPoolOptions,
  ) {
    this.start = options.start ?? startServerProcess;
    this.fill();
  }

  /**
   * A fresh process for one session: the oldest started one, else one started now. It does not
   * refill: a spawn blocks this process for tens of milliseconds (a fork of a large process), which
   * would land on the taking session's handshake; call `refill()` once that session is open.
   */
  take(): StartedServer {
    return this.ready.shift() ?? this.launch();
  }

  /** Starts processes until `size` are idle (never past `demand` in all, never after `stop()`). */
  refill(): void {
    this.fill();
  }

  /** Processes started and not yet taken. */
  get idle(): number {
    return this.ready.length;
  }

  /** Kills every process no session took; later `take()`s start their own. */
  stop(): void {
    this.stopped = true;
    for (const server of this.ready.splice(0)) discardServer(server);
  }

  private launch(): StartedServer {
    this.started += 1;
    return this.start(this.command);
  }

  private fill(): void {
    while (!this.stopped && this.ready.length < this.options.size && this.started < this.options.demand)
      this.ready.push(this.launch());
  }
}
