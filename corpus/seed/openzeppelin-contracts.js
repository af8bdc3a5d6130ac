// Seed of openzeppelin-contracts (docs/corpus.md): none. The server generates smart-contract source
// from the options it is given (OpenZeppelin's Wizard, bundled), so it keeps nothing of the user's
// and the folder stays empty.
import { target } from './lib/common.js';

target();
