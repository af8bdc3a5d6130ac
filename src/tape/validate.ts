import { z } from 'zod';
import { isRecord } from '../core/json.js';
import { claimOf } from './lines.js';
import {
  KNOWN_BLOCKS,
  StrictBlock,
  StrictEnd,
  StrictEvent,
  StrictMessage,
  StrictMeta,
  StrictTurn,
  TruncatedMarker,
} from './validate-schema.js';

/**
 * A strict mcp-tape v1 validator: every rule below comes from the format's text (one JSON object per
 * line; a meta header first with `v`, `type`, `startedAt`, `label` and the argv `command`; message
 * lines `{t, dir, raw}` whose `raw` is the verbatim JSON-RPC message; events, turns; an end marker
 * last). What readers must tolerate (unknown types, dirs, blocks) is a warning, not an error. The
 * `fitness-report` profile adds what docs/design.md §9 promises of our own tapes on top.
 */
export const Profile = z.enum(['mcp-tape', 'fitness-report']);
export type Profile = z.infer<typeof Profile>;

/** One rule a line breaks (an error) or bends in a way readers must tolerate (a warning). */
const Finding = z.object({ line: z.number().int().positive(), rule: z.string(), message: z.string() });
type Finding = z.infer<typeof Finding>;

/**
 * One file's result, what `tape validate --json` prints (an array of them for several files).
 * Derived anew every time and never rewritten, so `z.object`, like the viewer's data file.
 */
export const Validation = z.object({
  source: z.string(),
  profile: Profile,
  lines: z.number().int().nonnegative(),
  errors: z.array(Finding),
  warnings: z.array(Finding),
  ok: z.boolean(),
});
export type Validation = z.infer<typeof Validation>;

type Obj = Record<string, unknown>;

interface Ctx {
  profile: Profile;
  errors: Finding[];
  warnings: Finding[];
  kind?: string;
}

const KNOWN = new Set<string>(KNOWN_BLOCKS);

function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`)
    .join('; ');
}

function check<T>(ctx: Ctx, line: number, rule: string, schema: z.ZodType<T>, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  ctx.errors.push({ line, rule, message: issueText(r.error) });
  return undefined;
}

function ours(ctx: Ctx, line: number, rule: string, ok: boolean, message: string): void {
  if (ctx.profile === 'fitness-report' && !ok) ctx.errors.push({ line, rule, message });
}

function tolerated(ctx: Ctx, line: number, rule: string, message: string): void {
  // Allowed by the format; our own tapes write none of it.
  if (ctx.profile === 'fitness-report') ctx.errors.push({ line, rule, message });
  else ctx.warnings.push({ line, rule, message });
}

function checkMeta(ctx: Ctx, line: number, o: Obj): void {
  check(ctx, line, 'meta.fields', StrictMeta, o);
  if (typeof o.kind === 'string') ctx.kind = o.kind;
  ours(ctx, line, 'fr.meta', typeof o.kind === 'string', 'our meta line names its kind');
  ours(
    ctx,
    line,
    'fr.meta',
    typeof o.source === 'string' && o.source.startsWith('fitness-report@'),
    'source is fitness-report@<version>',
  );
  const p = o.producer;
  ours(
    ctx,
    line,
    'fr.meta',
    isRecord(p) && typeof p.version === 'string',
    'producer is {name, version, configHash?}',
  );
}

function checkMessage(ctx: Ctx, line: number, o: Obj): void {
  const marker = o.truncated === undefined ? undefined : TruncatedMarker.safeParse(o.truncated);
  if (marker?.success === true) {
    // The writer kept only the routing keys of an oversized frame and says so.
    ctx.warnings.push({
      line,
      rule: 'message.truncated',
      message: `frame of ${marker.data.bytes} bytes kept as its routing keys`,
    });
    return;
  }
  check(ctx, line, 'message.fields', StrictMessage, o);
  ours(ctx, line, 'fr.plane', ctx.kind !== 'llm', 'a model plane carries no JSON-RPC messages');
}

function checkTurn(ctx: Ctx, line: number, o: Obj): void {
  const turn = check(ctx, line, 'turn.fields', StrictTurn, o);
  if (turn === undefined) return;
  turn.blocks.forEach((b, i) => {
    if (!KNOWN.has(String(b.type)))
      tolerated(ctx, line, 'block.unknown', `blocks.${i}: unknown block type '${String(b.type)}'`);
    else if (!StrictBlock.safeParse(b).success) check(ctx, line, 'block.fields', StrictBlock, b);
  });
  ours(ctx, line, 'fr.turn', typeof o.corr_id === 'string', 'our turns carry their corr_id');
  ours(ctx, line, 'fr.plane', ctx.kind !== 'mcp', 'the wire plane carries no model turns');
}

function checkEvent(ctx: Ctx, line: number, o: Obj): void {
  check(ctx, line, 'event.fields', StrictEvent, o);
  ours(
    ctx,
    line,
    'fr.event',
    typeof o.kind === 'string' && o.kind.startsWith('fitness.'),
    'our events are fitness.<name>',
  );
}

function checkEnd(ctx: Ctx, line: number, o: Obj): void {
  check(ctx, line, 'end.fields', StrictEnd, o);
  ours(ctx, line, 'fr.end', typeof o.reason === 'string', 'our end line states its reason');
  ours(ctx, line, 'fr.end', !('exitCode' in o), 'our end line has no exitCode (no process is wrapped)');
}

function checkLine(ctx: Ctx, line: number, o: Obj): 'meta' | 'end' | 'other' {
  for (const [key, value] of Object.entries(o))
    ours(ctx, line, 'fr.null', value !== null, `${key} is null: an optional field is omitted, never null`);
  switch (claimOf(o)) {
    case 'meta':
      checkMeta(ctx, line, o);
      return 'meta';
    case 'end':
      checkEnd(ctx, line, o);
      return 'end';
    case 'turn':
      checkTurn(ctx, line, o);
      break;
    case 'message':
      checkMessage(ctx, line, o);
      break;
    case 'event':
      checkEvent(ctx, line, o);
      break;
    case 'other':
      tolerated(
        ctx,
        line,
        'line.unknown',
        `unknown line (type ${JSON.stringify(o.type)}, dir ${JSON.stringify(o.dir)})`,
      );
  }
  return 'other';
}

export function validateTape(text: string, options: { profile?: Profile; source?: string } = {}): Validation {
  const ctx: Ctx = { profile: options.profile ?? 'mcp-tape', errors: [], warnings: [] };
  const lines = text.split('\n');
  const terminated = text.endsWith('\n');
  if (terminated) lines.pop();
  let metaAt = 0;
  let endAt = 0;
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!terminated && i === lines.length - 1)
      ctx.errors.push({ line, rule: 'jsonl.newline', message: 'the last line has no newline (cut off?)' });
    if (raw.trim() === '') {
      ctx.errors.push({ line, rule: 'jsonl.blank', message: 'blank line: every line is one JSON object' });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      ctx.errors.push({ line, rule: 'jsonl.json', message: 'not JSON' });
      return;
    }
    if (!isRecord(value)) {
      ctx.errors.push({ line, rule: 'jsonl.object', message: 'not a JSON object' });
      return;
    }
    if (endAt > 0)
      ctx.errors.push({ line, rule: 'end.last', message: `a line after the end marker (line ${endAt})` });
    const what = checkLine(ctx, line, value);
    if (what === 'meta') {
      if (line !== 1)
        ctx.errors.push({
          line,
          rule: 'meta.first',
          message:
            metaAt > 0 ? `a second meta line (first at ${metaAt})` : 'the meta line is not the first line',
        });
      if (metaAt === 0) metaAt = line;
    } else if (line === 1)
      ctx.errors.push({ line, rule: 'meta.first', message: 'the first line is not the meta header' });
    if (what === 'end' && endAt === 0) endAt = line;
  });
  if (lines.length === 0)
    ctx.errors.push({ line: 1, rule: 'meta.first', message: 'empty file: no meta header' });
  else if (endAt === 0)
    ctx.errors.push({
      line: lines.length,
      rule: 'end.last',
      message: 'no end marker (the recording was interrupted?)',
    });
  return {
    source: options.source ?? '<memory>',
    profile: ctx.profile,
    lines: lines.length,
    errors: ctx.errors,
    warnings: ctx.warnings,
    ok: ctx.errors.length === 0,
  };
}
