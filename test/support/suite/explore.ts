import { surfaceSafety } from '../../../src/suite/destructive.js';
import { applyPolicy } from '../../../src/suite/explorable.js';
import { type Explore2Options, type Explore2Result, explore2 } from '../../../src/suite/explore/explore2.js';
import type { ToolCaller, ToolSurface } from '../../../src/suite/surface.js';
import { DEFAULT_POLICY } from '../explorable-policy.js';

/** explore/2's options under the default policy: seed 1, 60 candidates asked, nothing given, unless `over` says. */
export function exploreOptions(
  surface: ToolSurface,
  caller: ToolCaller,
  over: Partial<Explore2Options> = {},
): Explore2Options {
  return {
    surface,
    safety: applyPolicy(surface, surfaceSafety(surface), DEFAULT_POLICY),
    policy: DEFAULT_POLICY,
    caller,
    seed: 1,
    count: 60,
    given: [],
    ...over,
  };
}

/** explore/2 run on those options. */
export function exploreWith(
  surface: ToolSurface,
  caller: ToolCaller,
  over: Partial<Explore2Options> = {},
): Promise<Explore2Result> {
  return explore2(exploreOptions(surface, caller, over));
}
