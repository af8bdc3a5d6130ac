// Seed of better-fullstack (create-better-fullstack's MCP server, docs/corpus.md): the working
// directory the server scaffolds into, of a sailing club's volunteer developers: a brief for a new
// mooring-booking app (the committee's request, with members, berths and rules), the notes of their
// stack meeting, and an earlier project of theirs, `tide-board/`, scaffolded with the same tool in
// September (its `bts.jsonc`, the stack record the tool reads, a README, the package file and a
// schema file of its own). HOME is the data folder too. Fixed text: the same bytes everywhere; no
// network.
import { target, writeTree } from './lib/common.js';

const dir = target();

const BTS = `// Better Fullstack configuration file
// safe to delete
// stackParts is the source of truth; graphSummary/effectiveStack summarize it for humans and tools.
// Top-level option fields are a derived compatibility cache for older integrations.

{
  "$schema": "https://better-fullstack-web.vercel.app/schema.json",
  "version": "2.6.7",
  "createdAt": "2026-09-14T08:12:40.000Z",
  "graphSummary": "TanStack Router app + typescript hono API + drizzle/SQLite",
  "effectiveStack": {
    "frontend": "typescript:tanstack-router",
    "backend": "typescript:hono",
    "database": "universal:sqlite",
    "workspaceRunner": "universal:turborepo",
    "backend.orm": "typescript:drizzle",
    "backend.api": "typescript:trpc",
    "backend.auth": "typescript:better-auth",
    "frontend.css": "typescript:tailwind",
    "frontend.ui": "typescript:shadcn-ui",
    "frontend.forms": "typescript:react-hook-form",
    "backend.runtime": "typescript:bun",
    "backend.validation": "typescript:zod",
    "backend.testing": "typescript:vitest",
  },
  "ecosystem": "typescript",
  "database": "sqlite",
  "orm": "drizzle",
  "backend": "hono",
  "runtime": "bun",
  "frontend": ["tanstack-router"],
  "addons": ["turborepo"],
  "examples": [],
  "auth": "better-auth",
  "payments": "none",
  "email": "none",
  "fileUpload": "none",
  "effect": "none",
  "ai": "none",
  "stateManagement": "none",
  "validation": "zod",
  "forms": "react-hook-form",
  "testing": "vitest",
  "packageManager": "npm",
  "versionChannel": "stable",
  "dbSetup": "none",
  "api": "trpc",
  "webDeploy": "none",
  "serverDeploy": "none",
  "astroIntegration": "none",
  "cssFramework": "tailwind",
  "uiLibrary": "shadcn-ui",
  "shadcnBase": "radix",
  "shadcnStyle": "nova",
  "shadcnIconLibrary": "lucide",
  "shadcnColorTheme": "neutral",
  "shadcnBaseColor": "neutral",
  "shadcnFont": "inter",
  "shadcnRadius": "default",
  "realtime": "none",
  "jobQueue": "none",
  "animation": "none",
  "logging": "none",
  "observability": "none",
  "featureFlags": "none",
  "integrations": "none",
  "ecommerce": "none",
  "analytics": "none",
  "webMcp": "none",
  "mobileNavigation": "none",
  "mobileUI": "none",
  "mobileStorage": "none",
  "mobileTesting": "none",
  "mobilePush": "none",
  "mobileOTA": "none",
  "mobileDeepLinking": "none",
  "mobileLibraries": [],
  "cms": "none",
  "caching": "none",
  "rateLimit": "none",
  "botProtection": "none",
  "i18n": "none",
  "search": "none",
  "vectorDb": "none",
  "fileStorage": "none",
  "rustWebFramework": "none",
  "rustFrontend": "none",
  "rustOrm": "none",
  "rustApi": "none",
  "rustCli": "none",
  "rustLibraries": [],
  "rustLogging": "none",
  "rustErrorHandling": "none",
  "rustCaching": "none",
  "rustAuth": "none",
  "rustRealtime": "none",
  "rustMessageQueue": "none",
  "rustObservability": "none",
  "rustTemplating": "none",
  "pythonWebFramework": "none",
  "pythonOrm": "none",
  "pythonValidation": "none",
  "pythonAi": [],
  "pythonAuth": "none",
  "pythonApi": "none",
  "pythonTaskQueue": "none",
  "pythonGraphql": "none",
  "pythonQuality": "none",
  "pythonTesting": [],
  "pythonCaching": "none",
  "pythonRealtime": "none",
  "pythonObservability": "none",
  "pythonCli": [],
  "pythonCloudSdk": "none",
  "pythonHttpClient": "none",
  "pythonData": [],
  "pythonMedia": "none",
  "pythonServer": "none",
  "pythonPackageManager": "uv",
  "pythonMessageQueue": "none",
  "goWebFramework": "none",
  "goOrm": "none",
  "goApi": "none",
  "goCli": "none",
  "goLogging": "none",
  "goAuth": "none",
  "goTesting": [],
  "goRealtime": "none",
  "goMessageQueue": "none",
  "goCaching": "none",
  "goConfig": "none",
  "goObservability": "none",
  "goValidation": "none",
  "goQuality": "none",
  "goMigrations": "none",
  "goTemplating": "none",
  "goProtoTooling": "none",
  "goDI": "none",
  "javaLanguage": "java",
  "javaWebFramework": "none",
  "javaBuildTool": "none",
  "javaOrm": "none",
  "javaAuth": "none",
  "javaApi": "none",
  "javaLogging": "none",
  "javaLibraries": [],
  "javaTestingLibraries": [],
  "dotnetWebFramework": "none",
  "dotnetOrm": "none",
  "dotnetAuth": "none",
  "dotnetApi": "none",
  "dotnetTesting": [],
  "dotnetJobQueue": "none",
  "dotnetRealtime": "none",
  "dotnetObservability": [],
  "dotnetValidation": "none",
  "dotnetCaching": "none",
  "dotnetDeploy": "none",
  "dotnetLibraries": [],
  "elixirWebFramework": "none",
  "elixirOrm": "none",
  "elixirAuth": "none",
  "elixirApi": "none",
  "elixirRealtime": "none",
  "elixirJobs": "none",
  "elixirValidation": "none",
  "elixirHttp": "none",
  "elixirJson": "none",
  "elixirEmail": "none",
  "elixirCaching": "none",
  "elixirObservability": "none",
  "elixirTesting": "none",
  "elixirQuality": "none",
  "elixirI18n": "none",
  "elixirHttpServer": "cowboy",
  "elixirApplicationFramework": "none",
  "elixirDocumentation": "none",
  "elixirClustering": "none",
  "elixirDeploy": "none",
  "elixirLibraries": [],
  "aiDocs": ["claude-md", "agents-md"],
  "stackParts": [
    {
      "id": "frontend:typescript:tanstack-router",
      "role": "frontend",
      "toolId": "tanstack-router",
      "ecosystem": "typescript",
      "source": "legacy",
      "targetPath": "apps/web",
    },
    {
      "id": "backend:typescript:hono",
      "role": "backend",
      "toolId": "hono",
      "ecosystem": "typescript",
      "source": "legacy",
      "targetPath": "apps/server",
    },
    {
      "id": "database:universal:sqlite",
      "role": "database",
      "toolId": "sqlite",
      "ecosystem": "universal",
      "source": "legacy",
      "targetPath": "packages/db",
    },
    {
      "id": "workspacerunner:universal:turborepo",
      "role": "workspaceRunner",
      "toolId": "turborepo",
      "ecosystem": "universal",
      "source": "legacy",
    },
    {
      "id": "backend:typescript:hono.orm:typescript:drizzle",
      "role": "orm",
      "toolId": "drizzle",
      "ecosystem": "typescript",
      "ownerPartId": "backend:typescript:hono",
      "source": "legacy",
    },
    {
      "id": "backend:typescript:hono.api:typescript:trpc",
      "role": "api",
      "toolId": "trpc",
      "ecosystem": "typescript",
      "ownerPartId": "backend:typescript:hono",
      "source": "legacy",
    },
    {
      "id": "backend:typescript:hono.auth:typescript:better-auth",
      "role": "auth",
      "toolId": "better-auth",
      "ecosystem": "typescript",
      "ownerPartId": "backend:typescript:hono",
      "source": "legacy",
    },
    {
      "id": "frontend:typescript:tanstack-router.css:typescript:tailwind",
      "role": "css",
      "toolId": "tailwind",
      "ecosystem": "typescript",
      "ownerPartId": "frontend:typescript:tanstack-router",
      "source": "legacy",
    },
    {
      "id": "frontend:typescript:tanstack-router.ui:typescript:shadcn-ui",
      "role": "ui",
      "toolId": "shadcn-ui",
      "ecosystem": "typescript",
      "ownerPartId": "frontend:typescript:tanstack-router",
      "source": "legacy",
      "settings": {
        "shadcnBase": "radix",
        "shadcnStyle": "nova",
        "shadcnIconLibrary": "lucide",
        "shadcnColorTheme": "neutral",
        "shadcnBaseColor": "neutral",
        "shadcnFont": "inter",
        "shadcnRadius": "default",
      },
    },
    {
      "id": "frontend:typescript:tanstack-router.forms:typescript:react-hook-form",
      "role": "forms",
      "toolId": "react-hook-form",
      "ecosystem": "typescript",
      "ownerPartId": "frontend:typescript:tanstack-router",
      "source": "legacy",
    },
    {
      "id": "backend:typescript:hono.runtime:typescript:bun",
      "role": "runtime",
      "toolId": "bun",
      "ecosystem": "typescript",
      "ownerPartId": "backend:typescript:hono",
      "source": "legacy",
    },
    {
      "id": "backend:typescript:hono.validation:typescript:zod",
      "role": "validation",
      "toolId": "zod",
      "ecosystem": "typescript",
      "ownerPartId": "backend:typescript:hono",
      "source": "legacy",
    },
    {
      "id": "backend:typescript:hono.testing:typescript:vitest",
      "role": "testing",
      "toolId": "vitest",
      "ecosystem": "typescript",
      "ownerPartId": "backend:typescript:hono",
      "source": "legacy",
    },
  ],
}
`;

writeTree(dir, {
  'BRIEF.md': `# Mooring bookings: brief from the committee (Kestrel Point Sailing Club, 2026-11-20)

The club has 42 swing moorings and 18 pontoon berths in the outer harbour. Bookings are kept today
in a shared spreadsheet that the harbour master, Ines Kowalczyk, reconciles by hand every Friday.

We want a small web app for members:

- a member books a visitor berth for given nights (at most 7 nights, at most 2 boats at once);
- the harbour master sees the week's bookings by berth and marks a boat arrived or gone;
- boats over 11.5 m length only go on the pontoon berths P1 to P6;
- fees: GBP 2.40 per metre per night on the pontoon, GBP 1.10 on a swing mooring; members of
  sister clubs pay the member rate;
- email the member a confirmation; no online payment this season (paid at the club office).

Volunteers: Ravi Menon (backend), Joanna Pryce (frontend), Ollie Brandt (hosting).
Hosting: the club's one small VPS (Debian, 2 GB RAM); Postgres is already running there for the
membership list. Wanted by the AGM on 2027-03-06.
`,
  'NOTES.md': `# Stack meeting, 2026-11-27 (Ravi, Joanna, Ollie)

- Reuse what we learned on tide-board: TypeScript end to end, Hono on the server, React with
  TanStack Router. Joanna would rather try Next.js this time; not decided.
- Database: Postgres on the VPS (membership is there already), Drizzle as on tide-board.
- Auth: members log in with their membership number and email; the harbour master has a role.
- Email: the club has a Postmark account from the newsletter.
- No payments provider this season. No AI features.
- Ollie: keep it to one repository, npm, no Bun on the VPS.
- Open question: do we need realtime for the harbour master's board? Probably not; refresh is fine.
`,
  'tide-board/bts.jsonc': BTS,
  'tide-board/README.md': `# tide-board

The club's tide and launch board, shown on the screen in the clubhouse: today's high and low
waters at Kestrel Point and the launch window for dinghies (two hours either side of high water).
Scaffolded with Better Fullstack on 2026-09-14.

Tide times are typed in monthly from the harbour authority's printed tables into
\`packages/db/seed/tides-2026.csv\`.
`,
  'tide-board/package.json': `${JSON.stringify(
    {
      name: 'tide-board',
      private: true,
      workspaces: ['apps/*', 'packages/*'],
      type: 'module',
      scripts: { dev: 'turbo dev', build: 'turbo build', 'db:push': 'turbo -F @tide-board/db db:push' },
      devDependencies: { turbo: '2.10.11', typescript: '^5.9.3' },
      packageManager: 'npm@10.9.2',
    },
    null,
    2,
  )}\n`,
  'tide-board/packages/db/src/schema/tides.ts': `import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// One row per high or low water at Kestrel Point, local time.
export const tides = sqliteTable('tides', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  day: text('day').notNull(), // 2026-10-03
  time: text('time').notNull(), // 06:42
  kind: text('kind', { enum: ['high', 'low'] }).notNull(),
  heightM: real('height_m').notNull(), // 4.7
});
`,
  'tide-board/packages/db/seed/tides-2026.csv': `day,time,kind,height_m
2026-10-03,00:18,low,0.9
2026-10-03,06:42,high,4.7
2026-10-03,12:55,low,1.1
2026-10-03,19:04,high,4.5
2026-10-04,01:02,low,1.0
2026-10-04,07:25,high,4.6
2026-10-04,13:38,low,1.2
2026-10-04,19:49,high,4.4
`,
});
