import { z } from 'zod';

/**
 * Given context: values a user tells an agent before it starts ("the repository is at …"). They are
 * pre-registered, prompts may name them, and they are never answer keys. `given` values come from
 * `--given NAME=VALUE` (or an mcpServers entry's `given`); `derived` ones are the target's own argv,
 * env and cwd entries that are existing paths, recorded with where they came from.
 */
export const GivenValue = z.looseObject({
  name: z.string().min(1),
  value: z.string().min(1),
  origin: z.enum(['given', 'derived']),
  /** `--given`, `config`, `argv[2]`, `env MEMORY_FILE_PATH`, `cwd`. */
  source: z.string().min(1),
  /** For derived values: what the path is. */
  kind: z.enum(['file', 'dir']).optional(),
  /** For a file found inside a named folder (`src/run/folder-files.ts`): that folder's name. */
  in: z.string().min(1).optional(),
});
export type GivenValue = z.infer<typeof GivenValue>;

/**
 * The given values any prompt may name, so never keys: what was given or derived. A file found in
 * a named folder is named only by the prompt whose call takes it, as that call's input.
 */
export function givenTexts(given: readonly GivenValue[]): string[] {
  return given.filter((g) => g.in === undefined).map((g) => g.value);
}
