import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ToolDescriptor } from '../../src/suite/surface.js';

/** @modelcontextprotocol/server-filesystem 2026.8.31's tools/list, as a real stdio run returned it. */
export const FILESYSTEM_TOOLS = z
  .array(ToolDescriptor)
  .parse(
    JSON.parse(
      readFileSync(
        new URL('../fixtures/servers/server-filesystem-2026.8.31.tools.json', import.meta.url),
        'utf8',
      ),
    ),
  );
