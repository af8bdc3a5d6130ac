import { ambiguousServer } from '../../examples/servers/lib/ambiguous-server.js';
import { calculatorServer } from '../../examples/servers/lib/calculator-server.js';
import { catalogueServer } from '../../examples/servers/lib/catalogue-server.js';
import { hostileNamesServer } from '../../examples/servers/lib/hostile-names-server.js';
import { thinServer } from '../../examples/servers/lib/thin-server.js';
import { wellMadeServer } from '../../examples/servers/lib/well-made-server.js';
import { memoryServer, type ServerFactory } from './memory-server.js';

/**
 * The planted servers (examples/servers) that stage and pipeline tests run in memory, each built by
 * its factory in examples/servers/lib as its stdio entry builds it: `start()` makes what one of its
 * processes holds (well-made's bookings), and the factory it returns builds the server object.
 */
const PLANTED = {
  'well-made': () => {
    const bookings = new Map();
    return () => wellMadeServer({ bookings });
  },
  // well-made.js --regress: the release that breaks the fleet list.
  'well-made-regress': () => {
    const bookings = new Map();
    return () => wellMadeServer({ bookings, regress: true });
  },
  ambiguous: () => () => ambiguousServer(),
  // ambiguous.js with FERRY_GATEWAY=1: a name is answered by its gateway's refusal, which echoes a credential.
  'ambiguous-gateway': () => () => ambiguousServer({ gateway: true }),
  'hostile-names': () => () => quietly(hostileNamesServer),
  calculator: () => () => calculatorServer(),
  good: () => () => catalogueServer('fixture-good'),
  thin: () => () => thinServer(),
} satisfies Record<string, () => ServerFactory>;

/**
 * Builds a server with console.warn silenced, and puts it back before returning: the SDK warns on the
 * console for each over-long tool name it registers (hostile-names' are 300 characters), which a
 * stdio process writes to its own stderr; in memory it would be three warnings a session in the
 * test's output.
 */
function quietly(build: ServerFactory): ReturnType<ServerFactory> {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/** A planted server as an in-memory target (`memory:<name>`): each session a fresh server, as each stdio process is. */
export function plantedInMemory(name: keyof typeof PLANTED) {
  return memoryServer(name, PLANTED[name]);
}
