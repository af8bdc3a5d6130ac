import { z } from 'zod';
import { NonEmpty } from './common.js';

export const Note = z.looseObject({
  /** Stable across runs for standing notes (e.g. `gate-rules`), so the board can publish them once. */
  id: NonEmpty,
  text: NonEmpty,
});
export type Note = z.infer<typeof Note>;

/**
 * Method notes. `own` carry this run's numbers; `standing` are identical on every run of the
 * record's generator and are published once by the board. Both are stored in full: nothing is
 * dropped or summarised, the board only de-duplicates.
 */
export const Notes = z
  .looseObject({ own: z.array(Note), standing: z.array(Note) })
  .superRefine((notes, ctx) => {
    const seen = new Set<string>();
    for (const [list, items] of [
      ['own', notes.own],
      ['standing', notes.standing],
    ] as const) {
      items.forEach((note, i) => {
        if (seen.has(note.id))
          ctx.addIssue({ code: 'custom', path: [list, i, 'id'], message: `duplicate note id ${note.id}` });
        seen.add(note.id);
      });
    }
  });
export type Notes = z.infer<typeof Notes>;

/** What the board prints beside a record's own notes: how many standing notes it also carries. */
export function standingNoteSummary(notes: Notes): { count: number; ids: string[] } {
  return { count: notes.standing.length, ids: notes.standing.map((n) => n.id) };
}
