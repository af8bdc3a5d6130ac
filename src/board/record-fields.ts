import { count, pct, pValue } from './format.js';

/**
 * The record fields a record page shows in its headline (the run's name, the outcome, the score,
 * the refusal, and the numbers of the deciding sentence), and how each one is printed. One list for
 * both sides: the page builder prints each of them with `fieldText` in an element marked
 * `data-record-field="<field>"` (pages/shown.ts); the record page's badge, once the run's files
 * verify, reads the verified record.json and checks every marked element with the same `fieldText`
 * (client/shared/headline.ts).
 *
 * A field is a path into record.json as published: names joined by dots, an array index as a number
 * (`gates.4.tNull`). In the list, `#` stands for that index. Every field named here reads the same in
 * a v1 record as in a v2 one, so the browser reads the published JSON as it is, unmigrated.
 */

/** How a kind of value is printed, or undefined when the value is not of that kind. */
const FORMATS = {
  text: (v: unknown) => (typeof v === 'string' ? v : undefined),
  count: (v: unknown) => (finite(v) ? count(v) : undefined),
  pct: (v: unknown) => (finite(v) ? pct(v) : undefined),
  pValue: (v: unknown) => (finite(v) ? pValue(v) : undefined),
  /** As a template prints a number (α, the null ratio). */
  plain: (v: unknown) => (finite(v) ? String(v) : undefined),
  /** An effective sample size, to one decimal (16.0, 44.2). */
  effective: (v: unknown) => (finite(v) ? v.toFixed(1) : undefined),
} as const;

type Format = keyof typeof FORMATS;

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

const RECORD_FIELDS = {
  runId: 'text',
  'identity.serverSlug': 'text',
  outcome: 'text',
  'score.firstTry.k': 'count',
  'score.firstTry.n': 'count',
  'score.firstTry.wilson.point': 'pct',
  'score.firstTry.wilson.lower': 'pct',
  'score.firstTry.wilson.upper': 'pct',
  'score.firstTry.clustered.wilson.lower': 'pct',
  'score.firstTry.clustered.wilson.upper': 'pct',
  'score.firstTry.clustered.nEff': 'effective',
  'score.firstTry.clustered.tasks': 'count',
  'refusal.gate': 'text',
  'refusal.reason': 'text',
  'void.reason': 'text',
  'void.detail': 'text',
  // A gate's own numbers, as the deciding sentence and the refusal's headline print them.
  'gates.#.explain': 'text',
  'gates.#.k': 'count',
  'gates.#.n': 'count',
  'gates.#.rate': 'pct',
  'gates.#.threshold': 'pct',
  'gates.#.errors': 'count',
  'gates.#.errorShare': 'pct',
  'gates.#.compromisedErrorShare': 'pct',
  'gates.#.alpha': 'plain',
  'gates.#.pValue': 'pValue',
  'gates.#.wilson.lower': 'pct',
  'gates.#.wilson.upper': 'pct',
  // A gate rate's task-clustered interval (construct), beside its plain Wilson.
  'gates.#.clustered.wilson.lower': 'pct',
  'gates.#.clustered.wilson.upper': 'pct',
  'gates.#.clustered.nEff': 'effective',
  'gates.#.clustered.tasks': 'count',
  'gates.#.achievedPower': 'pct',
  'gates.#.plannedPower': 'pct',
  'gates.#.wire.pending': 'count',
  'gates.#.tNull': 'pct',
  'gates.#.cutoff': 'pct',
  'gates.#.ratio': 'plain',
  'gates.#.signal': 'pct',
  'gates.#.scanned': 'count',
  'gates.#.leaks.length': 'count',
  'gates.#.invalidTasks.length': 'count',
  'gates.#.admissionRate': 'pct',
  'gates.#.minAdmissionRate': 'pct',
  'gates.#.registered': 'count',
  'gates.#.minTasks': 'count',
  'gates.#.deletedByScreen': 'count',
} as const satisfies Record<string, Format>;

type Listed = keyof typeof RECORD_FIELDS;
/** A field of the record itself (not of one gate). */
export type RecordField = Exclude<Listed, `gates.#.${string}`>;
/** A field of a gate entry, after `gates.<index>.`. */
export type GateField = Listed extends infer F ? (F extends `gates.#.${infer K}` ? K : never) : never;

/** The attribute that marks an element as showing a record field (its value is the field). */
export const FIELD_ATTRIBUTE = 'data-record-field';

type FieldText = { text: string } | { problem: string };

function isListed(pattern: string): pattern is Listed {
  return Object.hasOwn(RECORD_FIELDS, pattern);
}

/** The value at a path, own properties only (an array's `length` included), or undefined. */
function valueAt(root: unknown, steps: readonly string[]): unknown {
  let at: unknown = root;
  for (const step of steps) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = Object.getOwnPropertyDescriptor(at, step)?.value;
  }
  return at;
}

/** A field's text as a page prints it, read from a record (parsed, or the published JSON as is). */
export function fieldText(record: unknown, field: string): FieldText {
  const steps = field.split('.');
  const pattern = steps.map((s) => (/^(0|[1-9]\d*)$/.test(s) ? '#' : s)).join('.');
  if (!isListed(pattern)) return { problem: `${field} is not a field a record page shows` };
  const text = FORMATS[RECORD_FIELDS[pattern]](valueAt(record, steps));
  return text === undefined
    ? { problem: `the record carries no ${RECORD_FIELDS[pattern]} at ${field}` }
    : { text };
}

const SCORE: readonly RecordField[] = [
  'score.firstTry.k',
  'score.firstTry.n',
  'score.firstTry.wilson.point',
  'score.firstTry.wilson.lower',
  'score.firstTry.wilson.upper',
  // Absent on a record made before the clustered interval: requiredFields keeps only those it carries.
  'score.firstTry.clustered.wilson.lower',
  'score.firstTry.clustered.wilson.upper',
  'score.firstTry.clustered.nEff',
  'score.firstTry.clustered.tasks',
];

/**
 * The fields every record page shows when its record carries them: the run's name and outcome, a
 * scored run's first-try score, a refusal's gate and reason, a void run's reason and detail. The
 * badge finds each on the page, so a headline cannot escape the check by losing its mark.
 */
export function requiredFields(record: unknown): RecordField[] {
  const outcome = fieldText(record, 'outcome');
  const by: readonly RecordField[] =
    'text' in outcome && outcome.text === 'SCORED'
      ? SCORE
      : [
          'refusal.gate',
          'refusal.reason',
          ...('text' in outcome && outcome.text === 'VOID' ? (['void.reason', 'void.detail'] as const) : []),
        ];
  return (['runId', 'identity.serverSlug', 'outcome', ...by] as const).filter(
    (f) => 'text' in fieldText(record, f),
  );
}
