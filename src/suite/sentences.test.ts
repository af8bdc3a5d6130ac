import { describe, expect, it } from 'vitest';
import { clausesOf } from './sentences.js';

describe('the sentence reader', () => {
  it('keeps a verb used as a verb, and not a noun or an adjective', () => {
    expect(clausesOf('Shows commit history').flatMap((c) => c.verbs.map((v) => v.lemma))).toEqual(['show']);
    expect(clausesOf('List all attached MCP servers').flatMap((c) => c.verbs.map((v) => v.lemma))).toEqual([
      'list',
    ]);
    // The tool is the unstated subject: the tagger's "Deletes" (a plural noun) is the verb.
    expect(clausesOf('Deletes the file').flatMap((c) => c.verbs.map((v) => v.lemma))).toEqual(['delete']);
  });

  it('marks negated verbs, and carries a negation over "or" but not over "and"', () => {
    const verbs = (text: string) => clausesOf(text).flatMap((c) => c.verbs.map((v) => [v.lemma, v.negated]));
    expect(verbs("Failed reads won't stop the entire operation.")).toContainEqual(['stop', true]);
    expect(verbs('Does not modify or delete anything.')).toEqual([
      ['modify', true],
      ['delete', true],
    ]);
    expect(verbs('Does not modify the index and deletes the file.')).toContainEqual(['delete', false]);
  });

  it('cuts at parentheses, and keeps a parenthesised prohibition negated', () => {
    const clauses = clausesOf("Search the notes (don't put secrets in the query)");
    expect(clauses.map((c) => c.text)).toEqual(['Search the notes', "(don't put secrets in the query)"]);
    expect(clauses[1]?.verbs).toContainEqual(expect.objectContaining({ lemma: 'put', negated: true }));
  });

  it('a passive write verb is a verb, an attributive participle is not', () => {
    const lemmas = (text: string) => clausesOf(text).flatMap((c) => c.verbs.map((v) => v.lemma));
    expect(lemmas('the file is deleted after it is read')).toContain('delete');
    expect(lemmas('Shows modified files')).toEqual(['show']);
    // An -ing form right after a noun says which of it is meant: "lines starting from the beginning".
    expect(lemmas('it reads up to 2000 lines starting from the beginning of the file')).toEqual(['read']);
  });

  it('tells relative and subordinate clauses from main ones', () => {
    const kinds = clausesOf('Lists files that were created today').map((c) => c.kind);
    expect(kinds).toEqual(['main', 'relative']);
    expect(clausesOf('If you want to create a file, use write_file')[0]).toMatchObject({
      kind: 'subordinate',
      subject: ['you'],
    });
  });

  it('reads a one-word item of a list of nouns as a noun, and of a list of actions as a verb', () => {
    const lemmas = (text: string) => clausesOf(text).flatMap((c) => c.verbs.map((v) => v.lemma));
    expect(lemmas('Issues per type, i.e. dependencies, exports, types, etc.')).toEqual([]);
    expect(lemmas('Reads the file, updates')).toEqual(['read', 'update']);
  });

  it('marks a bare participle that opens a condition, and not one with a subject', () => {
    const bare = (text: string) => clausesOf(text).flatMap((c) => c.verbs.map((v) => [v.lemma, v.bare]));
    expect(bare('Lists the rows when truncated')).toEqual([
      ['list', false],
      ['truncate', true],
    ]);
    expect(bare('Lists the rows when it truncates them')).toEqual([
      ['list', false],
      ['truncate', false],
    ]);
    // An -ing form that does not follow a noun is still what the tool does.
    expect(bare('Writes the content, creating the file')).toEqual([
      ['write', false],
      ['create', false],
    ]);
  });

  it('keeps the objects that are proper names', () => {
    const run = clausesOf('Run Knip and list the issues')[0]?.verbs[0];
    expect(run).toMatchObject({ lemma: 'run', objects: ['knip'], proper: ['knip'] });
    expect(clausesOf('Run the migrations')[0]?.verbs[0]).toMatchObject({ proper: [] });
  });
});
