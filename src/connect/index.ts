export { openSession } from './session.js';
export { openWireTape, tapeCommand } from './tape.js';
export { describeTarget, parseTarget, Target, targetSecrets } from './target.js';
