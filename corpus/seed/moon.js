// Seed of moon (docs/corpus.md): the moon workspace its MCP server (`moon mcp`) is started in, the
// monorepo of a city's bike-share operator, Pedalpoint: two apps (the rider app and the operations
// dashboard), two services (the pricing API in TypeScript, the dock telemetry collector in Go),
// three libraries (UI kit, geo utilities, the generated API client) and a release-notes tool, each
// with its `moon.yml` (language, layer, stack, tags, the project's title, description, owner and
// maintainers, its dependencies and tasks with commands, deps, inputs and outputs), the tasks every
// project inherits (`.moon/tasks/all.yml`), and two code-generation templates with their variables.
// A git repository (moon reads its changed files from git) with five commits by four people, and
// two files changed in the working tree since the last commit (a tariff change in progress). No
// toolchain is configured (`.moon/toolchains.yml` is absent), so moon downloads nothing; HOME is
// the workspace's `.home/` (ignored by git), where moon keeps its caches. Fixed text and fixed
// commit dates: the same bytes and hashes everywhere; no network.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { target, writeTree } from './lib/common.js';
import { gitRepo } from './lib/git.js';

const dir = target();

const pkg = (name, deps = {}) =>
  JSON.stringify(
    { name: `@pedalpoint/${name}`, version: '0.0.0', private: true, dependencies: deps },
    null,
    2,
  );

const DOCKS = [
  { id: 'RM-01', name: 'Station Square', lat: 53.4794, lon: -2.2453, slots: 24 },
  { id: 'RM-02', name: 'Market Hall', lat: 53.4832, lon: -2.2401, slots: 16 },
  { id: 'RM-03', name: 'Canal Basin', lat: 53.4761, lon: -2.2372, slots: 20 },
  { id: 'RM-04', name: 'University Library', lat: 53.4668, lon: -2.2339, slots: 30 },
];

/** One year's tariff of the pricing service, as its JSON file holds it. */
function tariff(price, overtimePerMinute, dayPass, validFrom) {
  const fare = { currency: 'GBP', baseFare: { minutes: 30, price }, overtimePerMinute, dayPass };
  return JSON.stringify({ ...fare, concessionRate: 0.5, validFrom }, null, 2);
}

const base = {
  '.gitignore': 'node_modules/\ndist/\n.home/\n.moon/cache/\ncoverage/\n',
  '.moon/workspace.yml': `# Pedalpoint monorepo: moon workspace (moon 2.5).
projects:
  - 'apps/*'
  - 'services/*'
  - 'packages/*'
  - 'tools/*'

vcs:
  defaultBranch: 'main'

generator:
  templates:
    - './templates'
`,
  '.moon/tasks/all.yml': `# Tasks and file groups inherited by every project.
fileGroups:
  sources:
    - 'src/**/*'
  tests:
    - 'tests/**/*'
  configs:
    - '*.json'
    - '*.yml'

tasks:
  format:
    command: 'prettier --check .'
    inputs:
      - '@group(sources)'
      - '@group(configs)'
    options:
      runInCI: true
`,
  'README.md': `# pedalpoint

Monorepo of Pedalpoint, the bike-share scheme of the city of Ravensmoor (412 bikes, 38 docks).
Tasks run with moon: \`moon run rider-app:build\`, \`moon run :test\`, \`moon check --all\`.

| project | path | owner |
| --- | --- | --- |
| rider-app | apps/rider-app | team-rider |
| ops-dashboard | apps/ops-dashboard | team-ops |
| pricing-api | services/pricing-api | team-pricing |
| dock-telemetry | services/dock-telemetry | team-ops |
| ui-kit | packages/ui-kit | team-rider |
| geo-utils | packages/geo-utils | team-pricing |
| api-client | packages/api-client | team-pricing |
| release-notes | tools/release-notes | team-platform |

New packages come from the templates: \`moon generate ts-package\` or \`moon generate go-service\`.
`,
  'package.json': JSON.stringify(
    {
      name: 'pedalpoint',
      private: true,
      workspaces: ['apps/*', 'services/*', 'packages/*', 'tools/*'],
      devDependencies: { '@moonrepo/cli': '2.5.5', prettier: '3.6.2', typescript: '5.9.3', vitest: '3.2.4' },
    },
    null,
    2,
  ),
  'apps/rider-app/moon.yml': `language: 'typescript'
layer: 'application'
stack: 'frontend'
tags: ['react', 'mobile-web', 'customer-facing']

project:
  title: 'Rider app'
  description: 'The web app riders use to find a dock, unlock a bike and pay for a trip.'
  owner: 'team-rider'
  maintainers: ['Ayesha Karim', 'Luca Bianchi']
  channel: '#rider-app'

dependsOn:
  - 'ui-kit'
  - 'geo-utils'
  - 'api-client'

tasks:
  dev:
    command: 'vite dev --port 5173'
    preset: 'server'
  build:
    command: 'vite build'
    deps: ['^:build']
    inputs:
      - '@group(sources)'
      - 'index.html'
      - 'vite.config.ts'
    outputs: ['dist']
  test:
    command: 'vitest run'
    inputs: ['@group(sources)', '@group(tests)']
  typecheck:
    command: 'tsc --noEmit'
    deps: ['^:build']
`,
  'apps/rider-app/package.json': pkg('rider-app', {
    '@pedalpoint/ui-kit': 'workspace:*',
    '@pedalpoint/geo-utils': 'workspace:*',
    '@pedalpoint/api-client': 'workspace:*',
    react: '19.1.1',
  }),
  'apps/rider-app/src/main.tsx': `import { createRoot } from 'react-dom/client';
import { DockMap } from './DockMap';

createRoot(document.getElementById('root')!).render(<DockMap city="ravensmoor" />);
`,
  'apps/rider-app/src/DockMap.tsx': `import { nearestDocks } from '@pedalpoint/geo-utils';
import { DockCard } from '@pedalpoint/ui-kit';

export function DockMap({ city }: { city: string }) {
  const docks = nearestDocks(city, { lat: 53.4808, lon: -2.2426 }, 5);
  return <ul>{docks.map((d) => <DockCard key={d.id} dock={d} />)}</ul>;
}
`,
  'apps/ops-dashboard/moon.yml': `language: 'typescript'
layer: 'application'
stack: 'frontend'
tags: ['react', 'internal']

project:
  title: 'Operations dashboard'
  description: 'Dock fill levels, rebalancing van routes and bike repairs for the operations team.'
  owner: 'team-ops'
  maintainers: ['Siobhan Kelly']
  channel: '#ops-tools'

dependsOn:
  - 'ui-kit'
  - 'api-client'

tasks:
  dev:
    command: 'vite dev --port 5174'
    preset: 'server'
  build:
    command: 'vite build'
    deps: ['^:build']
    inputs: ['@group(sources)', 'vite.config.ts']
    outputs: ['dist']
  test:
    command: 'vitest run'
    inputs: ['@group(sources)', '@group(tests)']
`,
  'apps/ops-dashboard/package.json': pkg('ops-dashboard', {
    '@pedalpoint/ui-kit': 'workspace:*',
    '@pedalpoint/api-client': 'workspace:*',
  }),
  'apps/ops-dashboard/src/Rebalancing.tsx': `// Van routes for the morning rebalancing round (06:00-09:30).
export const VANS = ['RV-01', 'RV-02', 'RV-03'];
`,
  'services/pricing-api/moon.yml': `language: 'typescript'
layer: 'application'
stack: 'backend'
tags: ['node', 'http', 'payments']

project:
  title: 'Pricing API'
  description: 'Trip prices: the 30-minute base fare, per-minute overtime, day passes and the concession rate.'
  owner: 'team-pricing'
  maintainers: ['Tomás Ortega', 'Nkechi Eze']
  channel: '#pricing'

dependsOn:
  - 'geo-utils'

tasks:
  build:
    command: 'tsc -p tsconfig.build.json'
    deps: ['^:build']
    inputs: ['@group(sources)', 'tsconfig.build.json']
    outputs: ['dist']
  start:
    command: 'node dist/server.js'
    deps: ['~:build']
    preset: 'server'
  test:
    command: 'vitest run'
    inputs: ['@group(sources)', '@group(tests)', 'tariffs/*.json']
  openapi:
    command: 'node scripts/export-openapi.js'
    outputs: ['openapi.json']
`,
  'services/pricing-api/package.json': pkg('pricing-api', { '@pedalpoint/geo-utils': 'workspace:*' }),
  'services/pricing-api/tariffs/2026.json': tariff(1.5, 0.06, 6.5, '2026-01-05'),
  'services/pricing-api/src/fare.ts': `import tariff from '../tariffs/2026.json';

export function fare(minutes: number, concession = false): number {
  const over = Math.max(0, minutes - tariff.baseFare.minutes);
  const full = tariff.baseFare.price + over * tariff.overtimePerMinute;
  return Math.round((concession ? full * tariff.concessionRate : full) * 100) / 100;
}
`,
  'services/dock-telemetry/moon.yml': `language: 'go'
layer: 'application'
stack: 'backend'
tags: ['go', 'mqtt', 'iot']

project:
  title: 'Dock telemetry'
  description: 'Collects lock states and battery levels from the 38 docks over MQTT and stores them hourly.'
  owner: 'team-ops'
  maintainers: ['Siobhan Kelly', 'Piotr Nowak']
  channel: '#ops-tools'

tasks:
  build:
    command: 'go build -o bin/dock-telemetry ./cmd/collector'
    inputs: ['**/*.go', 'go.mod', 'go.sum']
    outputs: ['bin']
  test:
    command: 'go test ./...'
    inputs: ['**/*.go']
`,
  'services/dock-telemetry/go.mod': 'module pedalpoint/dock-telemetry\n\ngo 1.24\n',
  'services/dock-telemetry/cmd/collector/main.go': `package main

import "fmt"

func main() {
	fmt.Println("dock-telemetry: 38 docks, topic ravensmoor/docks/+/state")
}
`,
  'packages/ui-kit/moon.yml': `language: 'typescript'
layer: 'library'
stack: 'frontend'
tags: ['react', 'design-system']

project:
  title: 'UI kit'
  description: 'Buttons, dock cards, the trip timer and the colour tokens of the Pedalpoint brand.'
  owner: 'team-rider'
  maintainers: ['Luca Bianchi']
  channel: '#rider-app'

tasks:
  build:
    command: 'tsup src/index.ts --dts --format esm'
    inputs: ['@group(sources)']
    outputs: ['dist']
  test:
    command: 'vitest run'
    inputs: ['@group(sources)', '@group(tests)']
  storybook:
    command: 'storybook dev -p 6006'
    preset: 'server'
`,
  'packages/ui-kit/package.json': pkg('ui-kit', { react: '19.1.1' }),
  'packages/ui-kit/src/index.ts':
    "export { DockCard } from './DockCard';\nexport { TripTimer } from './TripTimer';\n",
  'packages/geo-utils/moon.yml': `language: 'typescript'
layer: 'library'
stack: 'backend'
tags: ['geo']

project:
  title: 'Geo utilities'
  description: 'Haversine distances, the dock list of each city and the nearest-dock search.'
  owner: 'team-pricing'
  maintainers: ['Nkechi Eze']
  channel: '#pricing'

tasks:
  build:
    command: 'tsup src/index.ts --dts --format esm,cjs'
    inputs: ['@group(sources)', 'data/docks-*.json']
    outputs: ['dist']
  test:
    command: 'vitest run'
    inputs: ['@group(sources)', '@group(tests)']
`,
  'packages/geo-utils/package.json': pkg('geo-utils'),
  'packages/geo-utils/data/docks-ravensmoor.json': JSON.stringify(DOCKS.slice(0, 3), null, 2),
  'packages/api-client/moon.yml': `language: 'typescript'
layer: 'library'
stack: 'frontend'
tags: ['generated', 'http']

project:
  title: 'API client'
  description: 'The typed client of the pricing API, generated from its OpenAPI document.'
  owner: 'team-pricing'
  maintainers: ['Tomás Ortega']
  channel: '#pricing'

dependsOn:
  - id: 'pricing-api'
    scope: 'build'

tasks:
  generate:
    command: 'openapi-typescript ../../services/pricing-api/openapi.json -o src/schema.d.ts'
    deps: ['pricing-api:openapi']
    outputs: ['src/schema.d.ts']
  build:
    command: 'tsup src/index.ts --dts --format esm'
    deps: ['~:generate']
    outputs: ['dist']
`,
  'packages/api-client/package.json': pkg('api-client'),
  'tools/release-notes/moon.yml': `language: 'javascript'
layer: 'tool'
tags: ['release']

project:
  title: 'Release notes'
  description: 'Writes the fortnightly release notes from merged pull requests and changed projects.'
  owner: 'team-platform'
  maintainers: ['Greta Lindqvist']
  channel: '#platform'

tasks:
  notes:
    command: 'node index.js --since 14d'
    options:
      cache: false
`,
  'tools/release-notes/package.json': pkg('release-notes'),
  'tools/release-notes/index.js':
    "// Collects merged pull requests of the last fortnight.\nconsole.log('release notes');\n",
  'templates/ts-package/template.yml': `title: 'TypeScript package'
description: 'A library under packages/ with moon.yml, package.json, tsconfig and a first test.'
destination: 'packages/[name]'
variables:
  name:
    type: 'string'
    default: ''
    required: true
    prompt: 'Package name (kebab-case)?'
  owner:
    type: 'enum'
    default: 'team-platform'
    values: ['team-rider', 'team-ops', 'team-pricing', 'team-platform']
    prompt: 'Owning team?'
  react:
    type: 'boolean'
    default: false
    prompt: 'Does it export React components?'
`,
  'templates/ts-package/moon.yml.tera': `language: 'typescript'
layer: 'library'

project:
  title: '{{ name }}'
  owner: '{{ owner }}'
`,
  'templates/ts-package/package.json.tera': `{
  "name": "@pedalpoint/{{ name }}",
  "version": "0.0.0",
  "private": true
}
`,
  'templates/go-service/template.yml': `title: 'Go service'
description: 'A Go service under services/ with a collector command, go.mod and moon tasks.'
destination: 'services/[name]'
variables:
  name:
    type: 'string'
    default: ''
    required: true
    prompt: 'Service name?'
  port:
    type: 'number'
    default: 8080
    prompt: 'HTTP port?'
`,
  'templates/go-service/go.mod.tera': 'module pedalpoint/{{ name }}\n\ngo 1.24\n',
};

gitRepo(dir, [
  {
    author: ['Greta Lindqvist', 'greta@pedalpoint.example'],
    date: '2026-09-01',
    message: 'Set up the moon workspace',
    files: base,
  },
  {
    author: ['Tomás Ortega', 'tomas@pedalpoint.example'],
    date: '2026-10-06',
    message: 'pricing-api: concession rate for students and over-65s',
    files: {
      'services/pricing-api/src/concession.ts':
        "export const CONCESSION_GROUPS = ['student', 'over-65', 'jobseeker'] as const;\n",
    },
  },
  {
    author: ['Luca Bianchi', 'luca@pedalpoint.example'],
    date: '2026-10-20',
    message: 'ui-kit: trip timer with the overtime warning at 25 minutes',
    files: {
      'packages/ui-kit/src/TripTimer.tsx':
        "export function TripTimer({ minutes }: { minutes: number }) {\n  return <span className={minutes >= 25 ? 'warn' : ''}>{minutes} min</span>;\n}\n",
    },
  },
  {
    author: ['Siobhan Kelly', 'siobhan@pedalpoint.example'],
    date: '2026-11-12',
    message: 'dock-telemetry: battery level in the hourly record',
    files: {
      'services/dock-telemetry/cmd/collector/battery.go':
        'package main\n\n// Battery levels below 20 % raise a maintenance ticket.\nconst lowBattery = 20\n',
    },
  },
  {
    author: ['Nkechi Eze', 'nkechi@pedalpoint.example'],
    date: '2026-11-27',
    message: 'geo-utils: University Library dock (30 slots)',
    files: { 'packages/geo-utils/data/docks-ravensmoor.json': JSON.stringify(DOCKS, null, 2) },
  },
]);

// Work in progress, not committed: the 2027 tariff and the fare's day-pass cap.
writeTree(dir, {
  'services/pricing-api/tariffs/2027.json': tariff(1.65, 0.07, 7, '2027-01-04'),
  'services/pricing-api/src/fare.ts': `import tariff from '../tariffs/2026.json';

export function fare(minutes: number, concession = false): number {
  const over = Math.max(0, minutes - tariff.baseFare.minutes);
  const full = Math.min(tariff.dayPass, tariff.baseFare.price + over * tariff.overtimePerMinute);
  return Math.round((concession ? full * tariff.concessionRate : full) * 100) / 100;
}
`,
});
mkdirSync(join(dir, '.home'), { recursive: true });
