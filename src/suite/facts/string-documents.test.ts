import { describe, expect, it } from 'vitest';
import { facts, text } from '../../../test/support/suite/facts.js';
import { candidatesFrom, type Observation } from '../explore/candidates.js';
import { harvestResult } from '../explore/harvest.js';
import { applyExtract } from '../extract.js';
import type { ToolResult } from '../surface.js';
import { MAX_FACT_TEXT } from './document.js';
import { documentOf } from './view.js';

const programme = [
  '# Winter concert, 2026-12-19',
  '',
  '| # | piece | composer | minutes |',
  '| --- | --- | --- | --- |',
  '| 1 | In the Bleak Midwinter | Harold Darke | 6 |',
  '| 2 | Lux Aurumque | Eric Whitacre | 4 |',
  '| 3 | Ave Maria | Franz Biebl | 7 |',
  '',
].join('\n');
const rehearsals = 'date,S01,S02,S03\n2026-10-28,1,1,0\n2026-11-04,0,1,1\n2026-11-11,1,0,1\n';

/** A file reader's answer: JSON text whose `content` string is the file. */
const fileAnswer = (path: string, content: string): ToolResult =>
  text(
    JSON.stringify({ type: 'text', file: { filePath: path, content, numLines: content.split('\n').length } }),
  );

const tool = { name: 'Read', description: 'Reads a file.', inputSchema: { type: 'object' } };
const obs = (result: ToolResult): Observation => ({
  index: 0,
  tool,
  args: { file_path: '/srv/choir/programme.md' },
  plan: [{ tool: 'Read', arguments: { file_path: '/srv/choir/programme.md' } }],
  lead: 'the Read tool',
  named: [],
  result,
  hop: 0,
});

describe('a string inside JSON that holds a document is read as that document', () => {
  it('a Markdown file in a JSON text: its table rows are facts, read back by the same pointer', () => {
    const result = fileAnswer('/srv/choir/programme.md', programme);
    const doc = documentOf(result);
    expect(doc?.source).toBe('facts');
    expect(doc?.document).toMatchObject({
      file: {
        filePath: '/srv/choir/programme.md',
        content: {
          'Winter concert, 2026-12-19': [
            { piece: 'In the Bleak Midwinter', composer: 'Harold Darke' },
            { piece: 'Lux Aurumque', composer: 'Eric Whitacre' },
            { piece: 'Ave Maria', composer: 'Franz Biebl' },
          ],
        },
      },
    });
    const candidates = candidatesFrom(obs(result), { context: [], given: [] });
    const key = candidates.find((c) => c.observedKey === 'Eric Whitacre');
    expect(key?.extract).toMatchObject({ kind: 'pointer', source: 'facts' });
    if (key === undefined) throw new Error('no candidate keyed on a composer');
    expect(applyExtract(key.extract, result)).toEqual({ ok: true, value: 'Eric Whitacre' });
  });

  it('a CSV file in structuredContent is rows', () => {
    const file = { filePath: '/srv/choir/rehearsals.csv', content: rehearsals };
    const result: ToolResult = {
      content: [{ type: 'text', text: JSON.stringify(file) }],
      structuredContent: file,
    };
    expect(documentOf(result)).toMatchObject({
      source: 'structured',
      document: {
        content: [{ date: '2026-10-28', S01: '1' }, { date: '2026-11-04' }, { date: '2026-11-11' }],
      },
    });
  });

  it('prose and code in a string stay strings, and the text stays its JSON as it is', () => {
    const note = { title: 'Tuning', body: 'Warm up on the hum first.\nThen the fifths, slowly.' };
    const code = {
      path: 'a.ts',
      content: "import { x } from './y.js';\n\nexport const f = (a: number) => a + x;\n",
    };
    // A CSS rule's `name: value;` lines are syntax, not labels, and a comment does not hide a code line.
    const style = { example: '[ngpButton] {\n  padding: 0.5rem 1rem;   // roomy\n  color: white;\n}' };
    for (const value of [note, code, style]) {
      expect(documentOf(text(JSON.stringify(value)))).toEqual({ document: value, source: 'text-json' });
    }
  });

  it('its raw characters are not harvested as a listing or as paths: the document was read whole', () => {
    const result = fileAnswer('/srv/choir/notes.md', '# Notes\n\n- /th\n- /table\n- /srv/choir/a.md\n');
    const paths = harvestResult({ obs: 0, tool: 'Read', args: {}, result }).filter((h) => h.field === 'path');
    expect(paths.map((h) => h.value)).not.toContain('/th');
  });

  it('reads at most the fact readers’ cap of string characters in one answer', () => {
    const big = `${'| a | b |\n| --- | --- |\n'}${'| x | y |\n'.repeat(Math.ceil(MAX_FACT_TEXT / 10))}`;
    const result: ToolResult = {
      content: [{ type: 'text', text: 'a file' }],
      structuredContent: { content: big, size: big.length },
    };
    expect(documentOf(result)?.document).toEqual({ content: big, size: big.length });
  });
});

describe('label lines in a list', () => {
  it('a label seen again starts the next record inside one item, and inline code around a value is markup', () => {
    // A search answer whose items the server ran together with a literal "\n\n" in one list item.
    const answer = [
      'Found 2 result(s) for "e":',
      '',
      '1. **Acknowledgements** (95% match)',
      '   Path: `acknowledgements.md`',
      '   # Acknowledgements  At Recker...\\n\\n2. **Streaming** (95% match)',
      '   Path: `ai/02-streaming.md`',
      '   # Streaming  Token-by-token streaming...',
    ].join('\n');
    expect(facts(text(answer))).toEqual([{ Path: 'acknowledgements.md' }, { Path: 'ai/02-streaming.md' }]);
  });

  it('a table cell wholly in inline code holds the code inside', () => {
    const table =
      '| model | id |\n| --- | --- |\n| Gemini | `text-embedding-004` |\n| OpenAI | `text-embedding-3-large` |';
    expect(facts(text(table))).toEqual([
      { model: 'Gemini', id: 'text-embedding-004' },
      { model: 'OpenAI', id: 'text-embedding-3-large' },
    ]);
  });
});
