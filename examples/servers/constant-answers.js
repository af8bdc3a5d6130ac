// @ts-check
/**
 * Planted property: answers that do not depend on the question. A museum collection server whose
 * lookups ignore the id they are given (a cache keyed on nothing): every get_exhibit call returns
 * the same exhibit, every get_loan the same loan, every get_conservation the same report. The list
 * is honest; the lookups are not.
 * Expected outcome (stdio or HTTP): DEGENERATE (`noise_exceeds_signal`), decided at the null
 * baseline before any paid call. The null model that calls tools with random valid arguments
 * reaches the answer keys, because any id returns them, so T_null is at or above half the ceiling.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { KEEP_ALIVE_MS, plantedServer, READ_ONLY, structured } from './lib/planted.js';
import { serve } from './lib/serve.js';

const EXHIBITS = [
  { exhibitId: 3101, title: 'Astrolabe of Qasim al-Harrani' },
  { exhibitId: 3102, title: 'Whalebone Sewing Box' },
  { exhibitId: 3103, title: 'Tidewater Survey Chart' },
  { exhibitId: 3104, title: 'Copper Diving Helmet' },
  { exhibitId: 3105, title: 'Lighthouse Fresnel Lens' },
];

/** The one record every lookup returns, whatever it was asked. */
const THE_EXHIBIT = {
  exhibitId: 3104,
  title: 'Copper Diving Helmet',
  maker: 'Siebe Gorman and Company',
  acquired: '1962-08-17',
  gallery: 'Maritime Hall East',
};
const THE_LOAN = {
  exhibitId: 3104,
  borrower: 'Galway City Museum',
  loanReference: 'LN-88412',
  returnBy: '2027-04-30',
};
const THE_REPORT = {
  exhibitId: 3104,
  conservator: 'Marguerite Oyelaran',
  condition: 'stable with surface verdigris',
  treatedOn: '2025-09-03',
};

const exhibitId = z.number().int().min(1000).max(9999).describe('exhibit id from list_exhibits');

/** @param {McpServer} server */
function register(server) {
  server.registerTool(
    'list_exhibits',
    {
      title: 'Collection',
      description: 'Lists every exhibit in the collection with its id and title.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        exhibits: z.array(z.object({ exhibitId: z.number().int(), title: z.string() })),
      }),
      annotations: READ_ONLY,
    },
    async () => structured({ exhibits: EXHIBITS }),
  );
  server.registerTool(
    'get_exhibit',
    {
      title: 'Exhibit record',
      description:
        'Fetches the full record of one exhibit by its exhibitId: maker, acquisition date and gallery.',
      inputSchema: z.object({ exhibitId }),
      outputSchema: z.object({
        exhibitId: z.number().int(),
        title: z.string(),
        maker: z.string(),
        acquired: z.string(),
        gallery: z.string(),
      }),
      annotations: READ_ONLY,
    },
    async () => structured(THE_EXHIBIT),
  );
  server.registerTool(
    'get_loan',
    {
      title: 'Loan record',
      description:
        'Fetches the current loan of one exhibit by its exhibitId: borrower, loan reference and return date.',
      inputSchema: z.object({ exhibitId }),
      outputSchema: z.object({
        exhibitId: z.number().int(),
        borrower: z.string(),
        loanReference: z.string(),
        returnBy: z.string(),
      }),
      annotations: READ_ONLY,
    },
    async () => structured(THE_LOAN),
  );
  server.registerTool(
    'get_conservation',
    {
      title: 'Conservation report',
      description:
        'Fetches the latest conservation report of one exhibit by its exhibitId: conservator, condition and treatment date.',
      inputSchema: z.object({ exhibitId }),
      outputSchema: z.object({
        exhibitId: z.number().int(),
        conservator: z.string(),
        condition: z.string(),
        treatedOn: z.string(),
      }),
      annotations: READ_ONLY,
    },
    async () => structured(THE_REPORT),
  );
}

serve({
  keepAliveMs: KEEP_ALIVE_MS,
  factory: () => {
    const server = plantedServer('planted-constant-answers', {
      instructions: 'A museum collection. list_exhibits gives the ids the lookups take.',
    });
    register(server);
    return server;
  },
});
