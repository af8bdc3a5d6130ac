// @ts-check
/**
 * Planted property: advertises vocabulary deleted in 2026-07-28: `capabilities.tasks` (in the
 * initialize and server/discover results) and an `execution` field on every tool (tools/list).
 * The SDK drops both from modern frames, so they are written into the outgoing frames.
 * Probe outcome: deprecation-surface FAILS on modern connections (on a 2025-11-25 connection the
 * same words were still legal and are only noted); every other probe passes.
 */
import { catalogueServer } from './lib/catalogue-server.js';
import { isFrame, objectAt } from './lib/json.js';
import { serve } from './lib/serve.js';

const tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

serve({
  factory: () => catalogueServer('fixture-deleted-vocab'),
  tamper: {
    response(message) {
      const capabilities = objectAt(message, 'result', 'capabilities');
      if (capabilities) capabilities.tasks = tasks;
      const tools = objectAt(message, 'result')?.tools;
      if (Array.isArray(tools)) {
        for (const tool of tools) if (isFrame(tool)) tool.execution = { taskSupport: 'optional' };
      }
      return message;
    },
  },
});
