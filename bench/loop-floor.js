// The AI SDK loop floor for run.bench.js: generateText alone, over the ferry server's own tool
// definitions with canned results, so the harness's CPU per trial has a floor to compare with.
import { dynamicTool, generateText, jsonSchema, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** The ferry server's tools as the loop sees them (names, descriptions, schemas), canned results. */
export async function ferryTools(serverScript) {
  const { openSession } = await import('../dist/connect/session.js');
  const session = await openSession({ kind: 'stdio', argv: [process.execPath, serverScript] });
  try {
    const { tools } = await session.listTools();
    const sample = await session.callTool(tools[0].name, {});
    const canned = sample.kind === 'result' ? sample.result : { content: [] };
    return () =>
      Object.fromEntries(
        tools.map((t) => [
          t.name,
          dynamicTool({
            description: t.description ?? '',
            inputSchema: jsonSchema({ ...t.inputSchema, type: 'object' }),
            execute: async () => structuredClone(canned),
          }),
        ]),
      );
  } finally {
    await session.close();
  }
}

/** generateText alone for the given steps per trial: ms of CPU per trial. */
export async function loopFloor(stepsPerTrial, makeTools) {
  const usage = {
    inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 10, text: 10, reasoning: 0 },
  };
  const toolName = Object.keys(makeTools())[0];
  const trial = async (steps) => {
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        step += 1;
        return step < steps
          ? {
              content: [{ type: 'tool-call', toolCallId: `c${step}`, toolName, input: '{}' }],
              finishReason: { unified: 'tool-calls', raw: undefined },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'ANSWER: UNKNOWN' }],
              finishReason: { unified: 'stop', raw: undefined },
              usage,
              warnings: [],
            };
      },
    });
    await generateText({
      model,
      system: 'You answer questions with the tools you are given.',
      prompt: 'Which vessel sails the Northern Crossing first on Monday?',
      tools: makeTools(),
      stopWhen: stepCountIs(Math.max(1, steps)),
      maxRetries: 0,
    });
  };
  for (const steps of stepsPerTrial.slice(0, 50)) await trial(steps);
  const before = cpuUs();
  for (const steps of stepsPerTrial) await trial(steps);
  return (cpuUs() - before) / 1000 / stepsPerTrial.length;
}
