import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openWireTape } from '../connect/tape.js';
import type { Target } from '../connect/target.js';
import { TapeWriter } from '../tape/writer.js';
import { PRODUCER } from '../version.js';
import { FILES } from './run-dir.js';

export interface RunTapes {
  wire: TapeWriter;
  agent: TapeWriter;
  judge: TapeWriter;
}

/** The three planes of a run: wire (kind mcp), agent (kind llm, the runner), judge (kind llm). */
export function openTapes(
  dir: string,
  target: Target,
  runner: string,
  judge: string,
  secrets: string[],
  maxSessionBytes?: number,
): RunTapes {
  const cap = maxSessionBytes === undefined ? {} : { maxSessionBytes };
  const wire = openWireTape(join(dir, FILES.wire), target, cap);
  wire.addSecrets(secrets);
  // A model plane records no server: its command is the harness argv that names its model.
  const llm = (file: string, role: 'runner' | 'judge', model: string) =>
    TapeWriter.open({
      path: join(dir, file),
      meta: { label: `${role} ${model}`, command: [PRODUCER, 'run', `--${role}`, model], kind: 'llm' },
      secrets,
      ...cap,
    });
  return { wire, agent: llm(FILES.agent, 'runner', runner), judge: llm(FILES.judge, 'judge', judge) };
}

/** Closes every plane with its end line; a plane that fails to flush is reported, not thrown. */
export async function closeTapes(tapes: RunTapes, reason: string): Promise<string[]> {
  const problems: string[] = [];
  for (const tape of [tapes.wire, tapes.agent, tapes.judge]) {
    await tape.close(reason).catch((err: Error) => problems.push(err.message));
  }
  return problems;
}

/**
 * The meta line is written before the suite exists; once the suite is hashed and the tape closed,
 * its `producer.configHash` is set to the suite hash (the run is signed only after this).
 */
export function stampConfigHash(path: string, hash: string): void {
  const text = readFileSync(path, 'utf8');
  const end = text.indexOf('\n');
  if (end < 0) return;
  const meta = JSON.parse(text.slice(0, end)) as { producer?: Record<string, unknown> };
  meta.producer = { ...(meta.producer ?? {}), configHash: hash };
  writeFileSync(path, `${JSON.stringify(meta)}${text.slice(end)}`);
}
