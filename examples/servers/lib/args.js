// @ts-check
/**
 * Command line of every fixture server: stdio by default, `--http [--port N]` for Streamable HTTP
 * on 127.0.0.1 (port 0, the default, picks an ephemeral port).
 */

/**
 * @typedef {{ transport: 'stdio' } | { transport: 'http', port: number }} ServeMode
 */

/**
 * @param {readonly string[]} argv arguments after the script name
 * @returns {ServeMode}
 */
export function parseServeArgs(argv) {
  let http = false;
  let port = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--http') http = true;
    else if (arg === '--port') {
      port = Number(argv[++i]);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`--port needs 0..65535, got ${argv[i]}`);
    } else if (arg === '--stdio') http = false;
    else throw new Error(`unknown argument ${arg} (usage: [--http [--port N]])`);
  }
  return http ? { transport: 'http', port } : { transport: 'stdio' };
}
