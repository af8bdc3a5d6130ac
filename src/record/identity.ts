import { z } from 'zod';
import { Count, IsoTime, NonEmpty, NotRecorded, Sha256 } from './common.js';
import { Credential, ExtensionProtocol, GeneratorField, ModelId, ScreenConfig } from './prereg.js';
import { ServerSlug } from './run-id.js';

/** URL userinfo (`scheme://user:pass@host`) never belongs in a record. */
const NO_USERINFO = /^(?![\s\S]*:\/\/[^/\s@]+@)/;

export const Target = z.looseObject({
  /**
   * How the server was reached: a process over stdio, a URL over HTTP, or `memory`, a server object
   * in the harness's own process (a test or library seam, `memory:<name>`): such a run measured code
   * nobody else can start, so a rerun refuses it and the board shows its kind.
   */
  kind: z.enum(['stdio', 'http', 'memory']),
  /** argv, URL or `memory:<name>` as published: secrets already removed by the caller, userinfo rejected here. */
  description: NonEmpty.regex(NO_USERINFO, 'must not carry URL userinfo'),
});
export type Target = z.infer<typeof Target>;

export const ScreenCounts = z.looseObject({ screened: Count, deleted: Count, errors: Count, tokens: Count });

/** The registered screen with what it did, or a record that predates the screen. */
export const ScreenField = z.union([NotRecorded, ScreenConfig.extend({ counts: ScreenCounts })]);
export type ScreenField = z.infer<typeof ScreenField>;

/** Identity fields common to every schema version. */
export const baseIdentityFields = {
  serverSlug: ServerSlug,
  target: Target,
  credential: Credential,
  startedAt: IsoTime,
  endedAt: IsoTime,
  producer: z.looseObject({ name: NonEmpty, version: NonEmpty }),
  runner: ModelId,
  judge: ModelId,
  /** The suite hash, when a suite was registered. */
  suiteHash: Sha256.optional(),
};

export function endsAfterStart(id: { startedAt: string; endedAt: string }, ctx: z.RefinementCtx): void {
  if (Date.parse(id.startedAt) > Date.parse(id.endedAt)) {
    ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'endedAt must not precede startedAt' });
  }
}

export const Identity = z
  .looseObject({
    ...baseIdentityFields,
    generator: GeneratorField,
    screen: ScreenField,
    extensionProtocol: z.union([NotRecorded, ExtensionProtocol]),
  })
  .superRefine(endsAfterStart);
export type Identity = z.infer<typeof Identity>;

/** The board's generator chip. */
export function generatorChip(generator: GeneratorField): string {
  return 'name' in generator && typeof generator.name === 'string'
    ? `${generator.name}/${generator.version}`
    : 'generator not recorded';
}
