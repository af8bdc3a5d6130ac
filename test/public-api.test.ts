import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The package's public surface, as it ships: every name `dist/index.js` exports with its kind at run
 * time (function, class, zod schema, value), and every name `dist/index.d.ts` exports, type-only
 * ones included. It is compared with test/public-api.txt, so a name added to, renamed in or
 * dropped from src/index.ts (or a re-export that starts pulling in a whole module) fails here.
 */
const ROOT = resolve(import.meta.dirname, '..');
const JS = resolve(ROOT, 'dist/index.js');
const DTS = resolve(ROOT, 'dist/index.d.ts');

const UPDATE =
  'The public API (src/index.ts) changed. If that is intended, run `npm run build && npx vitest run ' +
  'test/public-api.test.ts -u`, commit test/public-api.txt, and say what changed in docs/library.md';

function runtimeKind(value: unknown): string {
  // Classic and zod/mini schemas alike (the custody schemas the viewer bundles are mini).
  if (value instanceof z.core.$ZodType) return 'zod schema';
  if (typeof value === 'function')
    return /^class[\s{]/.test(Function.prototype.toString.call(value)) ? 'class' : 'function';
  return 'value';
}

/** Every export of the built declaration file, and whether it names a type (alone or beside a value). */
function declaredExports(): Map<string, { type: boolean; value: boolean }> {
  const program = ts.createProgram([DTS], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
    // Only the export lists are read: no lib or @types files are needed to resolve them.
    noLib: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(DTS);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${DTS}: not a module (run npm run build)`);
  const out = new Map<string, { type: boolean; value: boolean }>();
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    // `export type { Target }` exports only the type of a name that is also a value.
    const typeOnly = (symbol.declarations ?? []).some(
      (d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly),
    );
    out.set(symbol.name, {
      type: (target.flags & ts.SymbolFlags.Type) !== 0,
      value: !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0,
    });
  }
  return out;
}

interface Surface {
  lines: string[];
  runtime: string[];
  values: string[];
}

async function readSurface(): Promise<Surface> {
  const mod = (await import(pathToFileURL(JS).href)) as Record<string, unknown>;
  const declared = declaredExports();
  const names = [...new Set([...Object.keys(mod), ...declared.keys()])].sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
  const lines = names.map((name) => {
    const kinds = name in mod ? [runtimeKind(mod[name])] : [];
    const d = declared.get(name);
    // A class is a type by itself; a zod schema's type is the inferred one exported beside it.
    if (d?.type && kinds[0] !== 'class') kinds.push('type');
    return `${name}: ${kinds.join(' + ')}`;
  });
  const values = [...declared].filter(([, d]) => d.value).map(([name]) => name);
  return { lines, runtime: Object.keys(mod).sort(), values: values.sort() };
}

let read: Promise<Surface> | undefined;
/** Read once per file: compiling the declarations takes seconds. */
function surface(): Promise<Surface> {
  read ??= readSurface();
  return read;
}

describe('the public API (run npm run build first)', () => {
  it('is the package entry point, with its declarations', () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      types?: string;
      exports?: Record<string, unknown>;
    };
    expect(pkg.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    expect(pkg.types).toBe('./dist/index.d.ts');
  });

  // The first test to ask compiles the declarations (synchronous TypeScript work): seconds alone,
  // over a minute on a 2-core CI machine busy with the e2e runs beside it. The bound guards a hang.
  it('exports at run time exactly the values its declarations name', async () => {
    const { runtime, values } = await surface();
    expect(runtime).toEqual(values);
  }, 240_000);

  it('is the surface recorded in test/public-api.txt', async () => {
    // Vitest would write a missing snapshot file and pass; a lost file must fail instead.
    expect(existsSync(resolve(import.meta.dirname, 'public-api.txt')), 'test/public-api.txt is missing').toBe(
      true,
    );
    const { lines } = await surface();
    await expect(`${lines.join('\n')}\n`, UPDATE).toMatchFileSnapshot('./public-api.txt');
  });

  it('exports every persisted schema together with its inferred type', async () => {
    const { lines } = await surface();
    const schemas = lines.filter((l) => l.includes('zod schema'));
    expect(schemas.length).toBeGreaterThan(10);
    expect(schemas.filter((l) => !l.endsWith('zod schema + type'))).toEqual([]);
  });
});
