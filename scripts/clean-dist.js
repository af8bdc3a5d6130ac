// `npm run build` starts from an empty dist/, so nothing a moved or deleted source left behind
// (an old test helper, a renamed module) is shipped.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

rmSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'), { recursive: true, force: true });
