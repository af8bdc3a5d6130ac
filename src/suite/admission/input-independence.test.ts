import { describe, expect, it } from 'vitest';
import { library, librarySurface } from '../../../test/support/suite/library.js';
import { surfaceSafety } from '../destructive.js';
import type { ToolCaller } from '../surface.js';
import { admitCandidates } from './admit.js';
import { MADE_UP_TEXT, madeUpArguments } from './input-independence.js';

const changelog = {
  name: 'component_changelog',
  description: 'Shows the changelog of one component.',
  inputSchema: {
    type: 'object',
    properties: { component: { type: 'string' }, locale: { type: 'string', enum: ['en', 'zh'] } },
    required: ['component'],
  },
  annotations: { readOnlyHint: true },
};

/** The library, plus a tool that answers every component the same way, in a language we have no phrases for. */
function servers(): { caller: ToolCaller; calls: { name: string; args: Record<string, unknown> }[] } {
  const lib = library();
  const caller: ToolCaller = async (name, args) => {
    if (name !== 'component_changelog') return lib.caller(name, args);
    lib.calls.push({ name, args });
    return { kind: 'result', result: { content: [{ type: 'text', text: 'undefined 组件不存在' }] } };
  };
  return { caller, calls: lib.calls };
}

async function fate(candidate: Record<string, unknown>) {
  const surface = librarySurface();
  surface.tools.push(changelog);
  const { caller, calls } = servers();
  const [entry] = await admitCandidates([candidate], {
    surface,
    safety: surfaceSafety(surface),
    allowDestructive: false,
    caller,
  });
  return { verdict: entry?.verdict, calls };
}

describe('key-input-independent: a key the tool gives for made-up inputs is not about the data', () => {
  it('rejects an answer the tool gives whatever component it is asked about', async () => {
    const { verdict, calls } = await fate({
      id: 'c-any',
      prompt:
        'Using the tool that shows the changelog of one component with component "Table", what is the answer?',
      expectedTools: ['component_changelog'],
      plan: [{ tool: 'component_changelog', arguments: { component: 'Table', locale: 'zh' } }],
      extract: { kind: 'regex', pattern: '^(.+)$' },
      check: { kind: 'contains' },
      serverRequiredBecause: 'changelogs are only on the server',
    });
    expect(verdict).toMatchObject({ admitted: false, rule: 'key-input-independent' });
    // The made-up call changed the free text only; the declared choice stayed as planned.
    expect(calls.at(-1)).toEqual({
      name: 'component_changelog',
      args: { component: MADE_UP_TEXT, locale: 'zh' },
    });
  });

  it('admits a key the made-up input does not get (the tool looked the input up)', async () => {
    const { verdict, calls } = await fate({
      id: 'c-card',
      prompt:
        'Using the tool that shows the biography card of an author with surname "Ashdown", what is the first book?',
      expectedTools: ['author_card'],
      plan: [{ tool: 'author_card', arguments: { surname: 'Ashdown' } }],
      extract: { kind: 'pointer', pointer: '/First book', source: 'facts' },
      check: { kind: 'contains' },
      serverRequiredBecause: 'author cards are only in the catalogue',
    });
    expect(verdict).toMatchObject({ admitted: true, task: { answerKey: 'Meridian of Owls' } });
    expect(calls).toContainEqual({ name: 'author_card', args: { surname: MADE_UP_TEXT } });
  });

  it('makes up only free text: numbers, declared choices and empty values stay, and nothing to make up is no call', () => {
    const schema = changelog.inputSchema;
    expect(madeUpArguments({ component: 'Table', locale: 'en', page: 2 }, schema)).toEqual({
      component: MADE_UP_TEXT,
      locale: 'en',
      page: 2,
    });
    expect(madeUpArguments({ tags: ['a', 'b'] }, {})).toEqual({ tags: [MADE_UP_TEXT] });
    expect(madeUpArguments({ id: 4103, locale: 'en', note: '' }, schema)).toBeUndefined();
  });
});
