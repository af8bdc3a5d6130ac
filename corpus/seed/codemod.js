// Seed of codemod (docs/corpus.md): the working directory its MCP server is started in, the
// repository of a city council's parking-permit service in the middle of a logging migration: a
// README with the migration plan (the in-house `@permits/log` API, `log.warn(message, context)`,
// is replaced by the pino-style `@permits/logger`, `logger.warn(context, message)`) and its one open
// issue (messages written as template literals are left unchanged), the service's TypeScript
// sources with 14 call sites of the old API (string, template-literal and one-argument messages,
// two files already migrated by hand), and the codemod package that does the migration, laid out
// as `codemod init` lays out a JavaScript ast-grep (jssg) package: `codemod.yaml`, `workflow.yaml`,
// the transform in `scripts/codemod.ts` and its test fixtures (`tests/<case>/input.ts` and
// `expected.ts`: three cases, the template-literal one failing). No `node_modules`. Fixed text:
// the same bytes everywhere; no network.
import { target, writeTree } from './lib/common.js';

const dir = target();

const PKG = 'codemods/permits-logger-migration';

writeTree(dir, {
  'README.md': `# permits-service

The parking-permit service of Elmbridge City Council: residents' and visitors' permits, the
suspension of bays for removals and building works, and the nightly renewal reminders.

## Logging migration (Q1 2027)

\`@permits/log\` is deprecated. Every call moves to \`@permits/logger\` (pino underneath), whose
methods take the context object first and the message second:

\`\`\`ts
// before
import { log } from "@permits/log";
log.warn("permit expired", { permitId });

// after
import { logger } from "@permits/logger";
logger.warn({ permitId }, "permit expired");
\`\`\`

The codemod in \`${PKG}/\` does it; run its tests with
\`npx codemod jssg test -l typescript ./scripts/codemod.ts\` from that folder, then apply it with
\`npx codemod workflow run -w ${PKG}/workflow.yaml --target src\`.

Open issue (#41): messages written as template literals (the failed-reminder logs in
\`src/renewals/\`) are left unchanged; the fixture \`tests/template-message\` shows the expected output.

Already migrated by hand: \`src/suspensions/notify.ts\`, \`src/health.ts\`.
Owners: Priya Raman (platform), Ewan Docherty (permits).
`,
  'package.json': {
    name: 'permits-service',
    version: '3.8.2',
    private: true,
    type: 'module',
    scripts: { build: 'tsc -p .', start: 'node dist/server.js', test: 'vitest run' },
    dependencies: { '@permits/log': '2.4.0', '@permits/logger': '1.1.0', fastify: '5.2.1', pg: '8.13.1' },
    devDependencies: { typescript: '5.7.3', vitest: '3.0.5' },
  },
  'tsconfig.json': {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      outDir: 'dist',
      strict: true,
    },
    include: ['src'],
  },
  'src/server.ts': `import Fastify from "fastify";
import { log } from "@permits/log";
import { permitsRoutes } from "./permits/routes.js";
import { suspensionRoutes } from "./suspensions/routes.js";

const port = Number(process.env.PORT ?? 8080);
const app = Fastify();

app.register(permitsRoutes, { prefix: "/permits" });
app.register(suspensionRoutes, { prefix: "/suspensions" });

app.listen({ port, host: "0.0.0.0" }).then(
  () => log.info("permits service listening", { port }),
  (err) => {
    log.error("could not start", { err });
    process.exit(1);
  },
);
`,
  'src/permits/routes.ts': `import type { FastifyInstance } from "fastify";
import { log } from "@permits/log";
import { findPermit, issuePermit } from "./store.js";

export async function permitsRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>("/:id", async (req, reply) => {
    const permit = await findPermit(req.params.id);
    if (!permit) {
      log.warn("permit not found", { permitId: req.params.id });
      return reply.code(404).send({ error: "not found" });
    }
    if (permit.expires < new Date()) {
      log.info("expired permit looked up", { permitId: permit.id, zone: permit.zone });
    }
    return permit;
  });

  app.post<{ Body: { vrm: string; zone: string; kind: "resident" | "visitor" } }>("/", async (req) => {
    const permit = await issuePermit(req.body);
    log.info("permit issued", { permitId: permit.id, zone: permit.zone, kind: permit.kind });
    return permit;
  });
}
`,
  'src/permits/store.ts': `import { log } from "@permits/log";
import { pool } from "../db.js";

export interface Permit {
  id: string;
  vrm: string;
  zone: string;
  kind: "resident" | "visitor";
  expires: Date;
}

export async function findPermit(id: string): Promise<Permit | undefined> {
  const { rows } = await pool.query("select * from permits where id = $1", [id]);
  return rows[0];
}

export async function issuePermit(input: { vrm: string; zone: string; kind: "resident" | "visitor" }) {
  const days = input.kind === "resident" ? 365 : 1;
  const expires = new Date(Date.now() + days * 86_400_000);
  const { rows } = await pool.query(
    "insert into permits (vrm, zone, kind, expires) values ($1, $2, $3, $4) returning *",
    [input.vrm, input.zone, input.kind, expires],
  );
  log.debug("permit row inserted", { id: rows[0].id });
  return rows[0] as Permit;
}
`,
  'src/renewals/nightly.ts': `import { log } from "@permits/log";
import { pool } from "../db.js";
import { sendReminder } from "./reminders.js";

// Runs at 01:30: reminds residents whose permit expires in 14 days.
export async function nightlyRenewals() {
  const { rows } = await pool.query(
    "select id, email from permits where kind = 'resident' and expires::date = current_date + 14",
  );
  log.info("renewal reminders due", { count: rows.length });
  for (const row of rows) {
    try {
      await sendReminder(row.email, row.id);
    } catch (err) {
      log.error(\`renewal reminder failed for \${row.id}\`, { err });
    }
  }
  log.info("renewal run finished");
}
`,
  'src/renewals/reminders.ts': `import { log } from "@permits/log";

export async function sendReminder(email: string, permitId: string) {
  if (!email.includes("@")) {
    log.warn(\`no valid email for permit \${permitId}\`, { email });
    return;
  }
  log.debug("reminder queued", { permitId });
}
`,
  'src/suspensions/routes.ts': `import type { FastifyInstance } from "fastify";
import { log } from "@permits/log";
import { notifyResidents } from "./notify.js";

export async function suspensionRoutes(app: FastifyInstance) {
  app.post<{ Body: { street: string; bays: number[]; from: string; to: string; reason: string } }>(
    "/",
    async (req) => {
      const { street, bays, from, to, reason } = req.body;
      if (bays.length > 12) {
        log.warn("large suspension requested", { street, bays: bays.length });
      }
      await notifyResidents(street, from, to);
      log.info("bay suspension created", { street, from, to, reason });
      return { ok: true };
    },
  );
}
`,
  'src/suspensions/notify.ts': `import { logger } from "@permits/logger";

export async function notifyResidents(street: string, from: string, to: string) {
  // Letters go out through the council's print service five working days ahead.
  logger.info({ street, from, to }, "suspension letters requested");
}
`,
  'src/health.ts': `import { logger } from "@permits/logger";
import { pool } from "./db.js";

export async function health() {
  try {
    await pool.query("select 1");
    return { db: "ok" };
  } catch (err) {
    logger.error({ err }, "health check: database down");
    return { db: "down" };
  }
}
`,
  'src/db.ts': `import pg from "pg";
import { log } from "@permits/log";

export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
pool.on("error", (err) => log.error("idle client error", { err }));
`,
  [`${PKG}/codemod.yaml`]: `schema_version: "1.0"

name: "permits-logger-migration"
version: "0.3.0"
description: "Moves @permits/log calls to @permits/logger (context first, message second)"
author: "Priya Raman <priya.raman@elmbridge.example>"
license: "MIT"

targets:
  languages: ["typescript"]

keywords: ["logging", "migration", "pino"]

registry:
  access: "private"
  visibility: "private"

capabilities: []

workflows:
  - name: main
    default: true
    path: workflow.yaml
`,
  [`${PKG}/workflow.yaml`]: `version: "1"

nodes:
  - id: apply-transforms
    name: Move @permits/log calls to @permits/logger
    type: automatic
    steps:
      - name: "Rewrite log calls and imports in TypeScript files"
        js-ast-grep:
          js_file: scripts/codemod.ts
          base_path: "."
          language: "typescript"
          include:
            - "**/*.{ts,mts,cts}"
          exclude:
            - "**/node_modules/**"
            - "**/dist/**"
`,
  [`${PKG}/package.json`]: {
    name: 'permits-logger-migration',
    version: '0.3.0',
    private: true,
    type: 'module',
    scripts: {
      test: 'npx codemod jssg test -l typescript ./scripts/codemod.ts',
      'check-types': 'tsc --noEmit',
    },
    devDependencies: { '@codemod.com/jssg-types': '1.6.3', typescript: '5.7.3' },
  },
  [`${PKG}/tsconfig.json`]: {
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['@codemod.com/jssg-types'],
      allowImportingTsExtensions: true,
      noEmit: true,
      strict: true,
    },
    exclude: ['tests'],
  },
  [`${PKG}/scripts/codemod.ts`]: `import type { Codemod, Edit } from "codemod:ast-grep";
import type TS from "codemod:ast-grep/langs/typescript";

const LEVELS = new Set(["debug", "info", "warn", "error"]);

// @permits/log:    log.warn(message, context)
// @permits/logger: logger.warn(context, message)
const codemod: Codemod<TS> = async (root) => {
  const rootNode = root.root();
  const edits: Edit[] = [];

  for (const call of rootNode.findAll({ rule: { pattern: "log.$LEVEL($MSG, $CTX)" } })) {
    const level = call.getMatch("LEVEL")?.text();
    const msg = call.getMatch("MSG");
    const ctx = call.getMatch("CTX");
    if (!level || !LEVELS.has(level) || !msg || !ctx) continue;
    // TODO(#41): template literals are skipped for now.
    if (msg.kind() !== "string") continue;
    edits.push(call.replace(\`logger.\${level}(\${ctx.text()}, \${msg.text()})\`));
  }

  for (const call of rootNode.findAll({ rule: { pattern: "log.$LEVEL($MSG)" } })) {
    const level = call.getMatch("LEVEL")?.text();
    const msg = call.getMatch("MSG");
    if (!level || !LEVELS.has(level) || !msg) continue;
    edits.push(call.replace(\`logger.\${level}(\${msg.text()})\`));
  }

  for (const imp of rootNode.findAll({ rule: { pattern: 'import { log } from "@permits/log"' } })) {
    edits.push(imp.replace('import { logger } from "@permits/logger";'));
  }

  if (edits.length === 0) return null;
  return rootNode.commitEdits(edits);
};

export default codemod;
`,
  [`${PKG}/tests/string-message/input.ts`]: `import { log } from "@permits/log";

export function lookup(permitId: string, zone: string) {
  log.warn("permit not found", { permitId });
  log.info("expired permit looked up", { permitId, zone });
}
`,
  [`${PKG}/tests/string-message/expected.ts`]: `import { logger } from "@permits/logger";

export function lookup(permitId: string, zone: string) {
  logger.warn({ permitId }, "permit not found");
  logger.info({ permitId, zone }, "expired permit looked up");
}
`,
  [`${PKG}/tests/single-argument/input.ts`]: `import { log } from "@permits/log";

export function done() {
  log.info("renewal run finished");
}
`,
  [`${PKG}/tests/single-argument/expected.ts`]: `import { logger } from "@permits/logger";

export function done() {
  logger.info("renewal run finished");
}
`,
  [`${PKG}/tests/template-message/input.ts`]: `import { log } from "@permits/log";

export function failed(id: string, err: unknown) {
  log.error(\`renewal reminder failed for \${id}\`, { err });
}
`,
  [`${PKG}/tests/template-message/expected.ts`]: `import { logger } from "@permits/logger";

export function failed(id: string, err: unknown) {
  logger.error({ err }, \`renewal reminder failed for \${id}\`);
}
`,
});
