import { describe, expect, it } from 'vitest';
import { facts, readersOf, text } from '../../../test/support/suite/facts.js';
import { readFacts } from './document.js';

describe('markup is read by a parser for that markup', () => {
  it('HTML tables with a real parser; markup is never a value', () => {
    const html =
      '<h2>Stations</h2><table><tr><th>Code</th><th>Site</th></tr><tr><td>ST-1</td><td>Bergen</td></tr><tr><td>ST-2</td><td><b>Cork</b></td></tr></table>';
    expect(facts(text(html))).toEqual({
      Stations: [
        { Code: 'ST-1', Site: 'Bergen' },
        { Code: 'ST-2', Site: 'Cork' },
      ],
    });
  });

  it('an HTML grid labelled by position (a spreadsheet): row labels dropped, its first row the header', () => {
    const row = (n: number, cells: string[]) =>
      `<tr><th>${n}</th>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
    const html = [
      '<h2>Sheet Data</h2><table>',
      '<tr><th></th><th>A</th><th>B</th><th>C</th></tr>',
      row(1, ['id', 'name', 'kind']),
      row(2, ['1', 'Aurora Borealis', 'tanker']),
      row(3, ['2', 'Sea Wren', 'bulk']),
      '</table>',
    ].join('\n');
    expect(facts(text(html))).toEqual({
      'Sheet Data': [
        { id: '1', name: 'Aurora Borealis', kind: 'tanker' },
        { id: '2', name: 'Sea Wren', kind: 'bulk' },
      ],
    });
    // Row labels beside named columns: only the label column goes.
    const named =
      '<table><tr><th></th><th>Port</th><th>Code</th></tr><tr><th>1</th><td>Vigo</td><td>ESVGO</td></tr></table>';
    expect(facts(text(named))).toEqual([{ Port: 'Vigo', Code: 'ESVGO' }]);
    // An empty corner over value cells is no grid: the table is not read.
    const plain = '<table><tr><th></th><th>Port</th></tr><tr><td>x</td><td>Vigo</td></tr></table>';
    expect(readFacts(text(plain))).toBeUndefined();
  });

  it('XML with a strict parser, after a line of prose: attributes and repeated elements are fields and siblings', () => {
    const xml = [
      'Graph xml representation: ',
      '<mxGraphModel>',
      '  <root>',
      '    <mxCell id="gauge" value="Tide gauge T-204" vertex="1"><mxGeometry width="120" as="geometry"/></mxCell>',
      '    <mxCell id="db" value="Readings &amp; archive" vertex="1"/>',
      '    <mxCell id="gauge-2-db" value="every 15 min" source="gauge" target="db" edge="1"/>',
      '  </root>',
      '</mxGraphModel>',
    ].join('\n');
    expect(readFacts(text(xml))).toEqual({
      ok: true,
      readers: ['xml'],
      document: {
        mxGraphModel: {
          root: {
            mxCell: [
              {
                id: 'gauge',
                value: 'Tide gauge T-204',
                vertex: '1',
                mxGeometry: { width: '120', as: 'geometry' },
              },
              { id: 'db', value: 'Readings & archive', vertex: '1' },
              { id: 'gauge-2-db', value: 'every 15 min', source: 'gauge', target: 'db', edge: '1' },
            ],
          },
        },
      },
    });
    // Element text, CDATA and a declaration; namespace declarations name a vocabulary, not data.
    expect(
      facts(
        text(
          '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Tides</title><entry lang="en">High water <![CDATA[06:42]]></entry></feed>',
        ),
      ),
    ).toEqual({ feed: { title: 'Tides', entry: { lang: 'en', text: 'High water 06:42' } } });
  });

  it('XML that is not one well-formed document is not read as XML', () => {
    // Unclosed, two roots, prose after the root, a lead of more than two lines.
    expect(readersOf(text('<a><b>x</b>'))).not.toContain('xml');
    expect(readersOf(text('<a>x</a><b>y</b>'))).not.toContain('xml');
    expect(readersOf(text('<a>x</a>\nand then some prose'))).not.toContain('xml');
    expect(readersOf(text('one\ntwo\nthree\n<a>x</a>'))).not.toContain('xml');
  });

  it('XML entities the document defines are refused, so no expansion can grow; depth is capped', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>';
    expect(readersOf(text(laughs))).not.toContain('xml');
    const deep = `${'<d>'.repeat(5000)}x${'</d>'.repeat(5000)}`;
    expect(readersOf(text(deep))).not.toContain('xml');
  });
});
