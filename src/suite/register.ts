import { canonicalDigest } from '../core/canonical.js';
import { FitnessError } from '../core/errors.js';
import type { Generator } from '../record/prereg.js';
import { keyIdentity } from './normalise.js';
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
  /** Surplus tasks held back because their key already answers its share of the suite, by id → key. */
  keyRepeated: Map<string, string>;
  extension: ExtensionPlan;
}

/**
 * A suite measures many facts, so no one answer may stand for more than this share of the registered
 * tasks: an agent that guesses one value must not pass a quarter of the suite with it.
 */
export const MAX_KEY_SHARE = 0.25;

/**
 * The seeded order with every task whose key has already been taken `cap` times moved out (in
 * order), so the suite and reserve hold each answer at most `cap` times (pure).
 */
export function capRepeatedKeys(ordered: readonly Task[], cap: number): { kept: Task[]; repeated: Task[] } {
  const uses = new Map<string, number>();
  const kept: Task[] = [];
  const repeated: Task[] = [];
  for (const task of ordered) {
    const key = keyIdentity(task.answerKey);
    const n = uses.get(key) ?? 0;
    if (n >= cap) repeated.push(task);
    else {
      uses.set(key, n + 1);
      kept.push(task);
    }
  }
  return { kept, repeated };
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

/** sha256 of the RFC 8785 canonical JSON of exactly these five fields (docs/design.md §5.5). */
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
 * The cap is a share of the suite the run will have: a surface that fills fewer than `tasks` gets a
 * smaller cap, lowered until it is at most ⌊MAX_KEY_SHARE × suite⌋ of that suite (never below 1).
 */
function capToShare(shuffled: readonly Task[], tasks: number): { kept: Task[]; repeated: Task[] } {
  let cap = Math.max(1, Math.floor(tasks * MAX_KEY_SHARE));
  for (;;) {
    const split = capRepeatedKeys(shuffled, cap);
    const suite = Math.min(tasks, split.kept.length);
    if (cap <= Math.max(1, Math.floor(suite * MAX_KEY_SHARE))) return split;
    cap -= 1;
  }
}

/**
 * Seeded order: tasks sorted by id (UTF-16 code units) so the order does not depend on how the
 * generator happened to emit them, then Fisher-Yates with mulberry32(deriveSeed(seed,
 * "register")). A task whose key already answers ⌊MAX_KEY_SHARE × tasks⌋ earlier tasks (at least 1)
 * is held back; of the rest, the first `tasks` → suite, next whole batches → reserve, the rest →
 * surplus, with the held-back tasks last (docs/design.md §5.5).
 */
export function register(admitted: readonly Task[], options: RegistrationOptions): Registration {
  assertOptions(options);
  const sorted = [...admitted].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shuffled = shuffle(sorted, mulberry32(deriveSeed(options.seed, 'register')));
  const { kept: ordered, repeated } = capToShare(shuffled, options.tasks);
  const tasks = ordered.slice(0, options.tasks);
  const beyond = Math.max(0, ordered.length - tasks.length);
  const fits = Math.min(options.maxExtensions, Math.floor(beyond / options.batchTasks));
  const reserve = ordered.slice(tasks.length, tasks.length + fits * options.batchTasks);
  const surplus = [...ordered.slice(tasks.length + reserve.length), ...repeated];
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
    keyRepeated: new Map(repeated.map((task) => [task.id, keyIdentity(task.answerKey)])),
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
