// Seed of bazi (docs/corpus.md): none. The server computes a BaZi (four pillars) chart, the solar
// times and the Chinese calendar of a date and time it is given, from the calendar tables of the
// libraries it depends on (tyme4ts, cantian-tymext); it keeps no data of the user's, so the folder
// stays empty and its answers hold what is derived from their input (`readableData` false).
import { target } from './lib/common.js';

target();
