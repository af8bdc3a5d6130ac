import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { structuralGate } from '../../gates/structural.js';
import { ledgerFigures } from '../../record/exploration.js';
import type { ToolCaller, ToolDescriptor } from '../surface.js';

/**
 * A result the client rejects against the output schema its tool declares is the server's defect
 * (cmd233-database: `list_tables` declares `{tables: […]}` and answers JSON text only; the SDK client
 * refuses it), and the refusal says so instead of asking for values a user would give.
 */
const listTables: ToolDescriptor = {
  name: 'list_tables',
  description: 'Retrieve a list of all table names in the current database.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
};
const caller: ToolCaller = async (name) => ({
  kind: 'error',
  message: `Tool ${name} has an output schema but did not return structured content`,
  invalidResult: true,
});

describe('a result the client rejects against the declared output schema', () => {
  it('is counted on its tool in the ledger, and the refusal names the server’s results', async () => {
    const explored = await exploreWith({ tools: [listTables] }, caller);
    const entry = explored.ledger.tools.find((t) => t.tool === 'list_tables');
    expect(entry?.invalidResults).toBe(entry?.calls);
    expect(entry?.skipped).toContain(
      `(${entry?.calls} of them a result the client rejected, one that breaks the output schema the tool declares)`,
    );
    const figures = ledgerFigures(explored.ledger);
    expect(figures.invalidResults).toBe(entry?.calls);
    const gate = structuralGate({
      surfaceListed: true,
      toolCount: 1,
      candidates: 0,
      rejected: 0,
      registered: 0,
      invalidTasks: [],
      minAdmissionRate: 0.25,
      exploration: figures,
    });
    expect(gate.reason).toBe('no_usable_results');
    expect(gate.explain).toContain(
      "a defect of the server's results that any client checking output schemas meets, whatever values are sent",
    );
  });

  it('an ordinary error is not counted as one', async () => {
    const plain: ToolCaller = async () => ({ kind: 'error', message: 'database is locked', code: -32603 });
    const explored = await exploreWith({ tools: [listTables] }, plain);
    expect(explored.ledger.tools[0]?.invalidResults).toBeUndefined();
    expect(ledgerFigures(explored.ledger).invalidResults).toBeUndefined();
  });
});
