import type { Command } from './command.js';

/**
 * A subcommand as `--help` lists it. Its module, and the part of the library it imports, loads only
 * when the command runs or prints its usage: importing every command's module costs about 1.9 CPU-s
 * a start, against 0.6 for `verify` alone and 1.4 for `run` (Node 20, this 2-core machine).
 */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<Command>;
}

/** Every subcommand, in the order `--help` lists them. Each lives in its own file. */
export const commands: readonly CommandEntry[] = [
  {
    name: 'run',
    summary: 'measure a server: suite, gates, drive; writes a signed run (run -- CMD... | --url URL)',
    load: async () => (await import('./run.js')).runCommand,
  },
  {
    name: 'probe',
    summary: 'run the zero-token protocol probes against a server (probe -- CMD... | --url URL)',
    load: async () => (await import('./probe.js')).probeCommand,
  },
  {
    name: 'tape',
    summary: 'inspect recorded tapes (tape stats FILE... [--json] | tape validate FILE...)',
    load: async () => (await import('./tape.js')).tapeCommand,
  },
  {
    name: 'export',
    summary: 'send a finished run to an OpenTelemetry endpoint as spans (export otlp RUN --endpoint URL)',
    load: async () => (await import('./export.js')).exportCommand,
  },
  {
    name: 'verify',
    summary: 'check a run: who signed it, every file, and every verdict recomputed (RUN_DIR|SITE_URL)',
    load: async () => (await import('./verify.js')).verifyCommand,
  },
  {
    name: 'compare',
    summary:
      'compare two runs of one server: paired per task on one suite, Newcombe across suites; better, worse or no detectable change',
    load: async () => (await import('./compare.js')).compareCommand,
  },
  {
    name: 'findings',
    summary:
      "what a server owner can act on: per-tool findings from the drive's tapes, and rewrite proposals",
    load: async () => (await import('./findings.js')).findingsCommand,
  },
  {
    name: 'rerun',
    summary: "measure a run's rewrite proposals: its registered drive again with them, paired per trial",
    load: async () => (await import('./rerun.js')).rerunCommand,
  },
  {
    name: 'key',
    summary: 'print the publisher key (fingerprint and public key) that signs your runs',
    load: async () => (await import('./key.js')).keyCommand,
  },
  {
    name: 'board',
    summary: 'build the static board, run pages, methods page and tape viewer from run records',
    load: async () => (await import('./board.js')).boardCommand,
  },
  {
    name: 'serve',
    summary: 'serve a built board on 127.0.0.1 with its published headers',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  {
    name: 'demo',
    summary: 'run every planted-outcome server and one real server offline, then build the board',
    load: async () => (await import('./demo.js')).demoCommand,
  },
  {
    name: 'audit',
    summary: 'run the planted-outcome servers and check each produces its planted outcome',
    load: async () => (await import('./audit.js')).auditCommand,
  },
  {
    name: 'roster',
    summary: 'measure every server of an mcpServers file, resumable or over a queue, into one board',
    load: async () => (await import('./roster.js')).rosterCommand,
  },
  {
    name: 'worker',
    summary: 'run roster jobs from a BullMQ queue (Redis or PostgreSQL), on any number of machines',
    load: async () => (await import('./worker.js')).workerCommand,
  },
];
