// Seeds a server's own store through its own tools (docs/corpus.md): for servers that keep their data
// in a private format (a SQLite schema of their own), the data is written the way a user would.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The corpus's node_modules (seeds run the servers installed there). */
export const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const sdk = join(MODULES, '@modelcontextprotocol/sdk');
const { Client } = await import(pathToFileURL(join(sdk, 'dist/esm/client/index.js')).href);
const { StdioClientTransport } = await import(pathToFileURL(join(sdk, 'dist/esm/client/stdio.js')).href);

/** Starts the server, makes each call in order (a call may be a function of the earlier results). */
export async function seedViaTools({ command = process.execPath, args, env = {}, cwd }, calls) {
  const transport = new StdioClientTransport({
    command,
    args,
    env: { ...process.env, ...env },
    cwd,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'corpus-seed', version: '1.0.0' });
  await client.connect(transport);
  const results = [];
  try {
    for (const call of calls) {
      const { name, arguments: a } = typeof call === 'function' ? call(results) : call;
      const r = await client.callTool({ name, arguments: a });
      if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content).slice(0, 400)}`);
      results.push(r);
    }
  } finally {
    await client.close();
  }
  return results;
}

/** The text of a tool result's first text block. */
export const textOf = (r) => r.content?.find((b) => b.type === 'text')?.text ?? '';

/** A path inside the corpus's node_modules. */
export const pkg = (rel) => join(MODULES, rel);
