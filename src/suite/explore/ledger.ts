import type { ExplorationTool, QueryLanguage } from '../../record/exploration.js';
import type { ToolSafety } from '../destructive.js';

/** One tool's running counts during explore/2, and its ledger entry at the end. */
export class ToolTally {
  calls = 0;
  errors = 0;
  /** Of the errors, results the client rejected against the output schema the tool declares. */
  invalidResults = 0;
  results = 0;
  candidates = 0;
  proposed = 0;
  noArguments = false;
  /** Required parameters no given, harvested or enum value fitted (so only generated values were tried). */
  generated: string[] = [];
  /** Its parameter that takes a read query (`query-language.ts`), if any, and the calls that carried one. */
  readQuery: { name: string; query?: QueryLanguage } | undefined;
  readQueries = 0;
  /** Why values in its results were not keys, counted per reason. */
  readonly drops = new Map<string, number>();
  /** Other tools of the surface its errors named, with how many errors named each (`named-tools.ts`). */
  readonly named = new Map<string, number>();
  private discardedCount = 0;
  private emptyStateCount = 0;
  private readonly reasons = new Map<string, number>();
  private skipReason: string | undefined;

  constructor(
    readonly tool: string,
    private readonly safety: ToolSafety | undefined,
  ) {}

  get explorable(): boolean {
    return this.safety?.explorable === true;
  }

  discard(reason: string, emptyState = false): void {
    this.discardedCount++;
    if (emptyState) this.emptyStateCount++;
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }

  skip(reason: string): void {
    this.skipReason = reason;
  }

  private why(budgetExhausted: boolean): string | undefined {
    if (this.candidates > 0) return undefined;
    if (this.skipReason !== undefined) return this.skipReason;
    if (!this.explorable) return `not explored: ${this.safety?.basisDetail ?? 'not read-only'}`;
    if (this.calls === 0)
      return budgetExhausted
        ? 'not called: the exploration budget ran out first'
        : this.noArguments
          ? 'not called: no value could be found or generated for its required parameters'
          : 'not called: no argument set fitted its inputSchema';
    if (this.results === 0) {
      const discarded = [...this.reasons.entries()].map(([r, n]) => `${n} × ${r}`).join(', ');
      const generated =
        this.generated.length > 0
          ? `; no given or harvested value fitted ${this.generated.join(', ')}, so its calls carried generated values`
          : '';
      const invalid =
        this.invalidResults > 0
          ? ` (${this.invalidResults} of them a result the client rejected, one that breaks the output schema the tool declares)`
          : '';
      return `every call failed: ${this.errors} error(s)${invalid}${discarded ? `, ${discarded}` : ''}${generated}${this.noQuery()}`;
    }
    const reasons = [...this.drops.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${n} × ${r}`)
      .join('; ');
    return `its ${this.results} usable result(s) gave no key${reasons ? ` (values set aside: ${reasons})` : ''}`;
  }

  /** Why a query parameter was offered no read query: the server listed no table to read. */
  private noQuery(): string {
    const q = this.readQuery;
    if (q?.query === undefined || this.readQueries > 0) return '';
    return `; ${q.name} takes ${q.query.toUpperCase()} and the server listed no table, so no read query was offered`;
  }

  entry(budgetExhausted: boolean): ExplorationTool {
    const why = this.why(budgetExhausted);
    return {
      tool: this.tool,
      basis: this.safety?.basis ?? 'none',
      explorable: this.explorable,
      basisDetail: this.safety?.basisDetail ?? 'no safety signal',
      ...(this.safety?.basisReason ? { basisReason: this.safety.basisReason } : {}),
      ...(this.safety?.timeDependent ? { timeDependent: true } : {}),
      calls: this.calls,
      errors: this.errors,
      ...(this.invalidResults > 0 ? { invalidResults: this.invalidResults } : {}),
      ...(this.named.size > 0
        ? { errorsNaming: [...this.named].map(([tool, errors]) => ({ tool, errors })) }
        : {}),
      discarded: this.discardedCount,
      ...(this.emptyStateCount > 0 ? { emptyState: this.emptyStateCount } : {}),
      candidates: this.candidates,
      proposed: this.proposed,
      ...(this.generated.length > 0 ? { generatedOnly: [...this.generated] } : {}),
      ...(this.readQuery?.query === undefined
        ? {}
        : {
            readQuery: {
              param: this.readQuery.name,
              language: this.readQuery.query,
              calls: this.readQueries,
            },
          }),
      ...(why === undefined ? {} : { skipped: why }),
    };
  }
}
