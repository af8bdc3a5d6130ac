import { canonicalDigest } from '../core/canonical.js';
import { FitnessError } from '../core/errors.js';
import type { Generator } from '../record/prereg.js';
import { deriveSeed, mulberry32, shuffle } from './prng.js';
import type { ExtensionPlan, Task } from './schema.js';
import type { ToolSurface } from './surface.js';

export interface RegistrationOptions {
  generator: Generator;
  seed: number;
  surfaceDigest: string;
  tasks: number;
  batchTasks: number;
  maxExtensions: number;
}

export interface Registration {
  generator: Generator;
  seed: number;
  surfaceDigest: string;
  hash: string;
  tasks: Task[];
  reserve: Task[];
  surplus: Task[];
  extension: ExtensionPlan;
}

/**
 * The digest of what the server offered: tools sorted by name (list order is not meaning) with
 * the fields an agent reads, plus instructions. Two runs against the same surface agree on it.
 */
export function surfaceDigest(surface: ToolSurface): string {
  const tools = [...surface.tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    }));
  return canonicalDigest({ instructions: surface.instructions, tools });
}

/** sha256 of the RFC 8785 canonical JSON of exactly these five fields (DESIGN 5.5). */
export function suiteHash(input: {
  generator: Generator;
  seed: number;
  surfaceDigest: string;
  tasks: readonly Task[];
  reserve: readonly Task[];
}): string {
  const { generator, seed, surfaceDigest: digest, tasks, reserve } = input;
  return canonicalDigest({ generator, seed, surfaceDigest: digest, tasks, reserve });
}

function assertOptions(options: RegistrationOptions): void {
  const bad = (what: string) =>
    new FitnessError('SUITE_OPTIONS', `${what} must be an integer ≥ ${what === 'tasks' ? 1 : 0}`);
  if (!Number.isSafeInteger(options.seed))
    throw new FitnessError('SUITE_OPTIONS', 'seed must be a safe integer');
  if (!Number.isInteger(options.tasks) || options.tasks < 1) throw bad('tasks');
  if (!Number.isInteger(options.maxExtensions) || options.maxExtensions < 0) throw bad('maxExtensions');
  if (!Number.isInteger(options.batchTasks) || options.batchTasks < 1) {
    throw new FitnessError('SUITE_OPTIONS', 'batchTasks must be an integer ≥ 1');
  }
}

/**
 * Seeded order: tasks sorted by id (UTF-16 code units) so the order does not depend on how the
 * generator happened to emit them, then Fisher-Yates with mulberry32(deriveSeed(seed,
 * "register")). First `tasks` → suite, next whole batches → reserve, the rest → surplus.
 */
export function register(admitted: readonly Task[], options: RegistrationOptions): Registration {
  assertOptions(options);
  const sorted = [...admitted].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ordered = shuffle(sorted, mulberry32(deriveSeed(options.seed, 'register')));
  const tasks = ordered.slice(0, options.tasks);
  const beyond = Math.max(0, ordered.length - tasks.length);
  const fits = Math.min(options.maxExtensions, Math.floor(beyond / options.batchTasks));
  const reserve = ordered.slice(tasks.length, tasks.length + fits * options.batchTasks);
  const surplus = ordered.slice(tasks.length + reserve.length);
  const extension: ExtensionPlan = {
    batchTasks: options.batchTasks,
    maxExtensions: fits,
    requestedMaxExtensions: options.maxExtensions,
  };
  if (fits < options.maxExtensions) {
    extension.reducedBecause =
      `maxExtensions reduced from ${options.maxExtensions} to ${fits}: ${beyond} admitted task(s) beyond the ` +
      `suite of ${tasks.length}, and a batch needs ${options.batchTasks}`;
  }
  const hash = suiteHash({ ...options, tasks, reserve });
  return {
    generator: options.generator,
    seed: options.seed,
    surfaceDigest: options.surfaceDigest,
    hash,
    tasks,
    reserve,
    surplus,
    extension,
  };
}

/** The reserve as the batches the extension protocol drives, in order. */
export function reserveBatches(registration: Registration): Task[][] {
  const batches: Task[][] = [];
  for (let i = 0; i < registration.reserve.length; i += registration.extension.batchTasks) {
    batches.push(registration.reserve.slice(i, i + registration.extension.batchTasks));
  }
  return batches;
}
