import { admitCandidates } from '../../../src/suite/admission/admit.js';
import type { AdmissionEntry } from '../../../src/suite/admission/types.js';
import { surfaceSafety } from '../../../src/suite/destructive.js';
import type { ToolSurface } from '../../../src/suite/surface.js';
import { library, librarySurface } from './library.js';

/** A candidate the library catalogue admits as it is. */
export const good = {
  id: 'c1',
  prompt: 'In the library catalogue, who wrote the book with id 4103?',
  expectedTools: ['get_book'],
  plan: [{ tool: 'get_book', arguments: { id: 4103 } }],
  extract: { kind: 'pointer', pointer: '/author' },
  check: { kind: 'contains' },
  serverRequiredBecause: 'authors are only recorded in the catalogue',
};

export async function admit(
  candidates: unknown[],
  options: { surface?: ToolSurface; allowDestructive?: boolean } = {},
): Promise<{ entries: AdmissionEntry[]; calls: number }> {
  const surface = options.surface ?? librarySurface();
  const lib = library();
  const entries = await admitCandidates(candidates, {
    surface,
    safety: surfaceSafety(surface),
    allowDestructive: options.allowDestructive ?? false,
    caller: lib.caller,
  });
  return { entries, calls: lib.calls.length };
}

export async function fateOf(
  candidate: unknown,
  options?: { surface?: ToolSurface; allowDestructive?: boolean },
) {
  const { entries } = await admit([candidate], options);
  const verdict = entries[0]?.verdict;
  if (verdict === undefined) throw new Error('no verdict');
  return verdict;
}
