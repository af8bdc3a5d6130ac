import { ArgumentValidator } from './admission/arguments.js';
import { keyUninformative, timeVarying } from './admission/informative.js';
import { answerLeak, checkMatchesPrompt, checkTooPermissive, contextLeak } from './admission/key-rules.js';
import { firstRejection, STATIC_RULES } from './admission/static-rules.js';
import type { RuleContext } from './admission/types.js';
import { evaluateAnswerCheck, referenceAnswer } from './checks.js';
import { safetyIndex, type ToolSafety } from './destructive.js';
import { Task } from './schema.js';
import type { ToolSurface } from './surface.js';

export interface InvalidTask {
  taskId: string;
  detail: string;
}

/**
 * Re-validates registered tasks from their rendered content (what suite.json carries), with no
 * server call: the shape, duplicate ids, every static admission rule, every key rule admission
 * applies without the server (time-varying, answer and context leaks, uninformative keys, a check
 * too permissive or met by the prompt), and that the stored check accepts the stored key. The
 * structural gate's one re-validation; an empty list means all re-validated.
 */
export function revalidateTasks(
  rendered: readonly unknown[],
  options: {
    surface: ToolSurface;
    safety: readonly ToolSafety[];
    allowDestructive: boolean;
    /** Given-context values: a key equal to one is uninformative. */
    given?: readonly string[];
  },
): InvalidTask[] {
  const context: RuleContext = {
    surface: options.surface,
    safety: safetyIndex(options.safety),
    allowDestructive: options.allowDestructive,
    validator: new ArgumentValidator(options.surface),
  };
  const ids = new Set<string>();
  const invalid: InvalidTask[] = [];
  for (const [index, raw] of rendered.entries()) {
    // Round-trip through JSON: validate what was published, not the in-memory object.
    const parsed = Task.safeParse(JSON.parse(JSON.stringify(raw ?? null)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      invalid.push({
        taskId: `#${index}`,
        detail: `not a task: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      });
      continue;
    }
    const task = parsed.data;
    const problem = ids.has(task.id)
      ? `duplicate id ${task.id}`
      : problemOf(task, context, options.given ?? []);
    ids.add(task.id);
    if (problem !== undefined) invalid.push({ taskId: task.id, detail: problem });
  }
  return invalid;
}

function problemOf(task: Task, context: RuleContext, given: readonly string[]): string | undefined {
  const rejection =
    firstRejection(STATIC_RULES, task, context) ??
    timeVarying(task.answerKey) ??
    answerLeak(task.answerKey, task.prompt, task.boundArguments) ??
    contextLeak(task.answerKey, context.surface) ??
    keyUninformative(task.answerKey, task, task.boundArguments, { surface: context.surface, given }) ??
    checkTooPermissive(task.check) ??
    checkMatchesPrompt(task.check, task.prompt);
  if (rejection !== undefined) return `${rejection.rule}: ${rejection.detail}`;
  if (task.check.kind !== 'state') {
    const result = evaluateAnswerCheck(task.check, referenceAnswer(task.check, task.answerKey));
    if (!result.pass) return `check-invalid: the stored check rejects the stored key (${result.detail})`;
  }
  return undefined;
}
