import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../test/support/explorable-policy.js';
import { surfaceSafety } from '../destructive.js';
import { applyPolicy } from '../explorable.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { admitCandidates } from './admit.js';

const surface: ToolSurface = {
  tools: [
    {
      name: 'list_berths',
      description:
        'List every berth with its code, side, vessel and status (one of free, taken); berths on the east side take deep-draught vessels.',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: {
        type: 'object',
        properties: {
          berths: {
            type: 'array',
            items: { type: 'object', properties: { status: { enum: ['free', 'taken'] } } },
          },
        },
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'get_berth',
      description: 'Get one berth by its code. Berth codes look like Q3-EAST.',
      inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
      annotations: { readOnlyHint: true },
    },
  ],
};

const BERTHS = [
  {
    code: 'Q1-WEST',
    side: 'West',
    vessel: 'Morning Gannet',
    status: 'taken',
    lit: true,
    owner: 'Kestrel Harbour Trust',
  },
  {
    code: 'Q3-EAST',
    side: 'East',
    vessel: 'Saint Brannoc',
    status: 'free',
    lit: false,
    owner: 'Saltmere Council',
  },
  {
    code: 'Q4-NORTH',
    side: 'North',
    vessel: 'Grey Heron',
    status: 'taken',
    lit: true,
    owner: 'Portwenn Estates',
  },
];

function caller(options: { drift?: boolean } = {}): ToolCaller {
  let calls = 0;
  return async (tool, args) => {
    calls++;
    const rows = BERTHS.map((b) => ({ ...b, ...(options.drift ? { queue: 1000 + calls } : {}) }));
    if (tool === 'list_berths')
      return {
        kind: 'result',
        result: { content: [], structuredContent: { berths: rows, at: '2026-12-01T10:00:00Z' } },
      };
    const berth = rows.find((b) => b.code === args.code);
    return berth === undefined
      ? { kind: 'result', result: { content: [{ type: 'text', text: 'no berth' }], isError: true } }
      : {
          kind: 'result',
          result: {
            content: [
              {
                type: 'text',
                text: `Code: ${berth.code}\nOwner: ${berth.owner}\nSee: /srv/berths/${berth.code}`,
              },
            ],
          },
        };
  };
}

const candidate = (over: Record<string, unknown>) => ({
  id: 'k1',
  prompt:
    'Using the tool that lists every berth, what is the vessel of the entry in berths whose code is "Q3-EAST"?',
  expectedTools: ['list_berths'],
  plan: [{ tool: 'list_berths', arguments: {} }],
  extract: { kind: 'pointer', pointer: '/berths/1/vessel' },
  check: { kind: 'contains' },
  serverRequiredBecause: 'berths are only known to the harbour',
  ...over,
});

async function fate(c: unknown, options: { drift?: boolean; given?: string[] } = {}) {
  const safety = applyPolicy(surface, surfaceSafety(surface), DEFAULT_POLICY);
  const [entry] = await admitCandidates([c], {
    surface,
    safety,
    allowDestructive: false,
    caller: caller(options),
    ...(options.given ? { given: options.given } : {}),
  });
  if (entry === undefined) throw new Error('no entry');
  return entry.verdict;
}

describe('key-unstable', () => {
  it('rejects a key that differs from what exploration saw', async () => {
    expect(await fate(candidate({ observedKey: 'Grey Heron' }))).toMatchObject({
      admitted: false,
      rule: 'key-unstable',
      detail: expect.stringMatching(/exploration saw "Grey Heron", admission got "Saint Brannoc"/),
    });
    expect(await fate(candidate({ observedKey: 'Saint Brannoc' }))).toMatchObject({ admitted: true });
  });

  it('rejects a timestamp, and a key a second execution does not return', async () => {
    expect(await fate(candidate({ extract: { kind: 'pointer', pointer: '/at' } }))).toMatchObject({
      rule: 'key-unstable',
      detail: expect.stringMatching(/timestamp/),
    });
    expect(
      await fate(candidate({ extract: { kind: 'pointer', pointer: '/berths/1/queue' } }), { drift: true }),
    ).toMatchObject({
      rule: 'key-unstable',
      detail: expect.stringMatching(/a second execution .*returned/),
    });
  });
});

describe('key-uninformative', () => {
  it.each([
    [
      'a boolean',
      { extract: { kind: 'pointer', pointer: '/berths/1/lit' }, check: { kind: 'json', pointer: '' } },
      /a boolean/,
    ],
    [
      'an enum member',
      { extract: { kind: 'pointer', pointer: '/berths/1/status' } },
      /member of an enum list_berths declares/,
    ],
    [
      'a value picked by position',
      {
        prompt: 'Using the tool that lists every berth, what is the owner of the 2nd entry?',
        extract: { kind: 'pointer', pointer: '/berths/1/owner' },
      },
      /by position \("the 2nd entry"\)/,
    ],
    [
      "a value in the tool's own description",
      {
        prompt:
          'Using the tool that lists every berth, what is the side of the entry whose vessel is "Saint Brannoc"?',
        extract: { kind: 'pointer', pointer: '/berths/1/side' },
      },
      /written in list_berths's own description or schema/,
    ],
  ])('rejects %s', async (_what, over, detail) => {
    expect(await fate(candidate(over))).toMatchObject({
      admitted: false,
      rule: 'key-uninformative',
      detail: expect.stringMatching(detail),
    });
  });

  it('rejects a given-context value as a key', async () => {
    const c = candidate({ extract: { kind: 'pointer', pointer: '/berths/1/owner' } });
    expect(await fate(c)).toMatchObject({ admitted: true });
    expect(await fate(c, { given: ['Saltmere Council'] })).toMatchObject({
      rule: 'key-uninformative',
      detail: expect.stringMatching(/given context/),
    });
  });
});

describe('decoys', () => {
  it('binds the sibling entries of a listing, so pasting the listing fails and the value alone passes', async () => {
    const verdict = await fate(candidate({}));
    if (!verdict.admitted) throw new Error(verdict.detail);
    expect(verdict.task.check).toEqual({
      kind: 'contains',
      value: 'Saint Brannoc',
      decoys: ['Morning Gannet', 'Grey Heron'],
    });
  });
});
