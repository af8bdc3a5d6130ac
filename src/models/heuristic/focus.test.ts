import { describe, expect, it } from 'vitest';
import { focusedAnswer } from './focus.js';

const graph = {
  entities: [
    { name: 'Ines Marlow', entityType: 'person', observations: ['Master of the ferry Morning Gannet'] },
    { name: 'Saltmere', entityType: 'town', observations: ['Market town'] },
  ],
  relations: [
    { from: 'Caldwell and Pryce', to: 'Saltmere', relationType: 'is located in' },
    { from: 'Ines Marlow', to: 'Morning Gannet', relationType: 'commands' },
  ],
};
const outcome = { ok: true, text: JSON.stringify(graph), data: graph };

describe("the heuristic's reading of a listing", () => {
  it('answers the one field of the one entry the task singles out', () => {
    expect(
      focusedAnswer('what is the entity type of the entry in entities whose name is "Saltmere"?', outcome),
    ).toBe('town');
    expect(
      focusedAnswer(
        'what is the "to" field of the entry in relations whose relation type is "commands"?',
        outcome,
      ),
    ).toBe('Morning Gannet');
    expect(
      focusedAnswer(
        'what is the observations of the entry in entities whose name is "Ines Marlow"?',
        outcome,
      ),
    ).toBe('Master of the ferry Morning Gannet');
  });

  it('a field named with a word it skips in prose ("value") is still a field it can be asked for or select by', () => {
    const cells = {
      root: {
        cell: [
          { id: 'gauge', value: 'Tide gauge T-204' },
          { id: 'db', value: 'Readings DB' },
        ],
      },
    };
    const read = { ok: true, text: '<root>…</root>', data: cells };
    expect(focusedAnswer('what is the value of the entry in cell whose "id" field is "gauge"?', read)).toBe(
      'Tide gauge T-204',
    );
    expect(
      focusedAnswer('what is the "id" field of the entry in cell whose value is "Readings DB"?', read),
    ).toBe('db');
  });

  it('gives up (the whole result is the answer) when no single entry or field is singled out', () => {
    expect(
      focusedAnswer('what is the entity type of the entry whose name is "Nobody"?', outcome),
    ).toBeUndefined();
    expect(focusedAnswer('What is in the graph?', outcome)).toBeUndefined();
    expect(
      focusedAnswer('what is the colour of the entry in entities whose name is "Saltmere"?', outcome),
    ).toBeUndefined();
  });
});

describe("the heuristic's reading of entries inside entries", () => {
  const lint = [
    { filePath: '/p/a.js', errorCount: 3, messages: [{ ruleId: 'no-var', message: 'Unexpected var.' }] },
    {
      filePath: '/p/b.js',
      errorCount: 1,
      messages: [
        { ruleId: 'no-undef', message: "'helper' is not defined." },
        { ruleId: 'eqeqeq', message: "Expected '==='." },
      ],
    },
  ];
  const result = { ok: true, text: JSON.stringify(lint), data: lint };
  it('goes from the outer entry the question names to the inner one, then reads the field', () => {
    expect(
      focusedAnswer(
        'what is the message of the entry in messages whose rule id is "no-undef" of the entry whose error count is 1?',
        result,
      ),
    ).toBe("'helper' is not defined.");
  });
  it('an inner entry the outer one does not hold singles out nothing', () => {
    expect(
      focusedAnswer(
        'what is the message of the entry in messages whose rule id is "no-undef" of the entry whose error count is 3?',
        result,
      ),
    ).toBeUndefined();
  });
});
