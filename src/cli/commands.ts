import { auditCommand } from './audit.js';
import { boardCommand } from './board.js';
import type { Command } from './command.js';
import { demoCommand } from './demo.js';
import { exportCommand } from './export.js';
import { findingsCommand } from './findings.js';
import { keyCommand } from './key.js';
import { probeCommand } from './probe.js';
import { rerunCommand } from './rerun.js';
import { rosterCommand } from './roster.js';
import { runCommand } from './run.js';
import { serveCommand } from './serve.js';
import { tapeCommand } from './tape.js';
import { verifyCommand } from './verify.js';
import { workerCommand } from './worker.js';

/** Every subcommand, in the order `--help` lists them. Each lives in its own file. */
export const commands: readonly Command[] = [
  runCommand,
  probeCommand,
  tapeCommand,
  exportCommand,
  verifyCommand,
  findingsCommand,
  rerunCommand,
  keyCommand,
  boardCommand,
  serveCommand,
  demoCommand,
  auditCommand,
  rosterCommand,
  workerCommand,
];
