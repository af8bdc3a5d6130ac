import type { SystemModelMessage } from 'ai';

type ProviderOptions = NonNullable<SystemModelMessage['providerOptions']>;

/**
 * The shared prefix of every trial is marked for provider-side caching. Anthropic caches up to a
 * `cacheControl` breakpoint (its prefix order is tools, then system), so the last tool definition
 * carries one (the tools every trial of a phase shares) and the system prompt another (for
 * construct it carries the per-task context). OpenAI caches a repeated prefix on its own: the
 * prefix is kept byte-identical across trials of a phase (one tool set per list, in the server's
 * order; one system text per phase or task). Other providers ignore the `anthropic` key.
 */
export const CACHED_PREFIX: ProviderOptions = { anthropic: { cacheControl: { type: 'ephemeral' } } };
