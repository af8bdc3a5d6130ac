import { homedir, hostname, userInfo } from 'node:os';
import { MARKER_VAR } from '../connect/processes.js';
import type { Target } from '../connect/target.js';
import type { HostFact } from '../suite/admission/types.js';
import { PRODUCER, VERSION } from '../version.js';

/**
 * The facts of this machine and this harness a server may echo back (key-environmental,
 * docs/design.md §5.3): our runtime's versions, host, user, folders, client name and version, and
 * our own variables' names and values. Read once here, at the edge; the rule is pure.
 */
export function hostFacts(target: Target, env: NodeJS.ProcessEnv = process.env): HostFact[] {
  const facts: HostFact[] = [];
  const add = (what: string, value: string | undefined) => {
    if (value !== undefined && value !== '') facts.push({ what, value });
  };
  for (const [name, version] of Object.entries(process.versions))
    add(`the runtime's ${name} version`, version);
  add('the host name', hostname());
  add(
    'the user name',
    safe(() => userInfo().username),
  );
  add('the home folder', homedir());
  add("the harness's working folder", process.cwd());
  if (target.kind === 'stdio') add("the server's working folder", target.cwd);
  add("the harness's client name", PRODUCER);
  add("the harness's version", VERSION);
  add("the harness's process id", String(process.pid));
  add("the harness's session variable", MARKER_VAR);
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('FITNESS_REPORT_')) continue;
    add("the harness's variable name", name);
    add(`the harness's variable ${name}`, value);
  }
  return facts;
}

function safe(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
