// @ts-check
/**
 * Planted property: a thin surface. Two honest, well-described read-only tools (a weather station's
 * status and its latest wind reading) with output schemas: everything right, just too little of it.
 * Expected outcome (stdio or HTTP): INSUFFICIENT_SURFACE (`below_minimum_suite_size`). Every
 * candidate explore/1 can ground is admitted, but there are only a handful, fewer than the
 * registered minimum of 8 tasks; the record shows candidates, admitted and the admission rate.
 */
import { KEEP_ALIVE_MS } from './lib/planted.js';
import { serve } from './lib/serve.js';
import { thinServer } from './lib/thin-server.js';

serve({ keepAliveMs: KEEP_ALIVE_MS, factory: thinServer });
