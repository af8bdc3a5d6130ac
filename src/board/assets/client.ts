import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FitnessError } from '../../cli/errors.js';

/**
 * The viewer client's JavaScript. The published package ships it compiled (dist/board/client/*.js).
 * Run from source (the tests), only the .ts files exist, so they are transpiled here with the
 * TypeScript compiler, a development dependency: the tests exercise the source they are beside.
 */
const CLIENT_DIR = fileURLToPath(new URL('../client/', import.meta.url));

/**
 * Library modules the client imports (dependency-free on purpose), served beside it. Until the
 * viewer is bundled at build time, their import specifiers are rewritten to the served file.
 */
const SHARED: readonly { specifier: string; module: string; served: string }[] = [
  { specifier: '../../tape/corr-id.js', module: '../../tape/corr-id', served: './corr-id.js' },
];

function relink(text: string): string {
  let out = text;
  for (const s of SHARED)
    out = out.replaceAll(`'${s.specifier}'`, `'${s.served}'`).replaceAll(`"${s.specifier}"`, `"${s.served}"`);
  return out;
}

async function sharedFiles(dir: string, out: Map<string, string>): Promise<void> {
  for (const s of SHARED) {
    const base = join(dir, s.module);
    const served = s.served.replace(/^\.\//, '');
    if (existsSync(`${base}.js`)) {
      out.set(served, (await readFile(`${base}.js`, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, ''));
      continue;
    }
    const typescript = await import('typescript');
    const { transpileModule, ModuleKind, ScriptTarget } = typescript.default;
    const source = await readFile(`${base}.ts`, 'utf8');
    out.set(
      served,
      transpileModule(source, { compilerOptions: { module: ModuleKind.ESNext, target: ScriptTarget.ES2022 } })
        .outputText,
    );
  }
}

export async function clientFiles(dir = CLIENT_DIR): Promise<Map<string, string>> {
  const names = (await readdir(dir)).filter((n) => !n.endsWith('.test.ts') && !n.endsWith('.d.ts'));
  const js = names.filter((n) => n.endsWith('.js'));
  const out = new Map<string, string>();
  if (js.length > 0) {
    // Source maps are not published, so their comments would only point at missing files.
    for (const name of js) {
      out.set(
        name,
        relink((await readFile(join(dir, name), 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, '')),
      );
    }
    await sharedFiles(dir, out);
    return out;
  }
  const ts = names.filter((n) => n.endsWith('.ts'));
  if (ts.length === 0 || !existsSync(join(dir, 'main.ts'))) {
    throw new FitnessError('BOARD_ASSETS', `${dir}: the viewer client is missing (run npm run build)`);
  }
  const typescript = await import('typescript');
  const { transpileModule, ModuleKind, ScriptTarget } = typescript.default;
  for (const name of ts) {
    const source = await readFile(join(dir, name), 'utf8');
    const result = transpileModule(source, {
      compilerOptions: { module: ModuleKind.ESNext, target: ScriptTarget.ES2022 },
      fileName: name,
    });
    out.set(name.replace(/\.ts$/, '.js'), relink(result.outputText));
  }
  await sharedFiles(dir, out);
  return out;
}
