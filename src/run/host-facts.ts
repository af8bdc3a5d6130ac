import { arch, cpus, homedir, hostname, platform, release, totalmem, type, userInfo, version } from 'node:os';
import { MARKER_VAR } from '../connect/processes.js';
import type { Target } from '../connect/target.js';
import type { HostFact } from '../suite/admission/types.js';
import { PRODUCER, VERSION } from '../version.js';

/**
 * The facts of this machine and this harness a server may echo back (key-environmental,
 * docs/design.md §5.3). Principle: what this machine reports about itself is the host's, not the
 * server's data: our runtime's versions, the operating system (type, platform, kernel release and
 * version, architecture, memory, processor), host, user, folders, client name and version, and the
 * values of the environment we run in (named, never quoted: a variable may hold a secret). Read
 * once here, at the edge; the rule is pure.
 */
export function hostFacts(target: Target, env: NodeJS.ProcessEnv = process.env): HostFact[] {
  const facts: HostFact[] = [];
  const add = (what: string, value: string | undefined) => {
    if (value !== undefined && value !== '') facts.push({ what, value });
  };
  const machine = (what: string, value: string | undefined) => {
    if (value !== undefined && value !== '') facts.push({ what, value, machine: true });
  };
  for (const [name, v] of Object.entries(process.versions)) machine(`the runtime's ${name} version`, v);
  machine("the runtime's version", process.version);
  machine("the operating system's type", type());
  machine("the operating system's platform", platform());
  machine("the kernel's release", release());
  machine("the kernel's version", safe(version));
  machine("the machine's architecture", arch());
  machine("the machine's memory in bytes", String(totalmem()));
  machine(
    "the machine's processor",
    safe(() => cpus()[0]?.model ?? ''),
  );
  add('the host name', hostname());
  add(
    'the user name',
    safe(() => userInfo().username),
  );
  add('the home folder', homedir());
  add("the harness's working folder", process.cwd());
  if (target.kind === 'stdio') {
    add("the server's working folder", target.cwd);
    // The registration names the package it starts: the user's input, not the server's data.
    for (const name of packagesIn(target.argv)) add('the package the registration starts', name);
  }
  add("the harness's client name", PRODUCER);
  add("the harness's version", VERSION);
  add("the harness's process id", String(process.pid));
  add("the harness's session variable", MARKER_VAR);
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('FITNESS_REPORT_')) continue;
    add("the harness's variable name", name);
    add(`the harness's variable ${name}`, value);
  }
  // Short values ("1", "true", "C") say too little to be told from data.
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && value.length >= 5 && !name.startsWith('FITNESS_REPORT_'))
      facts.push({ what: `the value of the harness's environment variable ${name}`, value, unquoted: true });
  return facts;
}

/**
 * npm package names a command line starts: the folder after `node_modules/` in a path
 * (`@scope/name` or `name`), and a spec given to a package runner (`npx -y pkg@1.2.3`).
 */
export function packagesIn(argv: readonly string[]): string[] {
  const names = new Set<string>();
  for (const arg of argv) {
    const inModules = /node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/.exec(arg);
    if (inModules?.[1] !== undefined) names.add(inModules[1]);
  }
  const runner = argv.findIndex((a) => /(?:^|\/)(?:npx|bunx|pnpx)$/.test(a) || a === 'dlx' || a === 'exec');
  const spec = runner < 0 ? undefined : argv.slice(runner + 1).find((a) => !a.startsWith('-'));
  const bare = spec === undefined ? undefined : /^((?:@[\w.-]+\/)?[\w.-]+?)(?:@[^/]*)?$/.exec(spec)?.[1];
  if (bare !== undefined) names.add(bare);
  return [...names];
}

function safe(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
