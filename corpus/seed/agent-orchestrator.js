// Seed of agent-orchestrator (docs/corpus.md): the tide-gauge REST API of lib/api-project.js at the
// root of the data folder, and the orchestrator's own store beside it, `.agent-mcp/` in its working
// directory (one JSON file per kind, objects keyed by id, as its storage layer writes them): four
// agents that own parts of the API, a group, standards, facts, learnings, two handoffs and two
// structured tasks, written by the team between February and April 2026. Fixed text and dates.

import { TIDE_API_FILES } from './lib/api-project.js';
import { target, writeTree } from './lib/common.js';

const byId = (xs) => Object.fromEntries(xs.map((x) => [x.id, x]));

const agents = [
  {
    id: 'routes-agent',
    name: 'Routes agent',
    owns: ['src/routes/', 'src/server.js'],
    dependsOn: ['store-agent'],
    context: 'Express routers mounted under /v1: stations, readings and alerts.',
    metadata: { maintainer: 'Kavya Rao' },
    createdAt: '2026-02-03T09:12:00.000Z',
    updatedAt: '2026-03-30T14:05:00.000Z',
  },
  {
    id: 'store-agent',
    name: 'Store agent',
    owns: ['src/store.js'],
    dependsOn: [],
    context: 'Station list and six-minute readings; the SQLite move is planned for May.',
    metadata: { maintainer: 'Jonas Berg' },
    createdAt: '2026-02-03T09:14:00.000Z',
    updatedAt: '2026-04-08T11:20:00.000Z',
  },
  {
    id: 'spec-agent',
    name: 'OpenAPI agent',
    owns: ['openapi.yaml'],
    dependsOn: ['routes-agent'],
    context: 'Keeps openapi.yaml in step with the routers; problem+json errors.',
    metadata: { maintainer: 'Ines Moreau' },
    createdAt: '2026-02-05T16:40:00.000Z',
    updatedAt: '2026-03-12T10:02:00.000Z',
  },
  {
    id: 'test-agent',
    name: 'Test agent',
    owns: ['test/'],
    dependsOn: ['routes-agent', 'store-agent'],
    context: 'node --test suites against an in-process server on port 0.',
    metadata: { maintainer: 'Greta Voss' },
    createdAt: '2026-02-10T08:55:00.000Z',
    updatedAt: '2026-04-01T17:45:00.000Z',
  },
];

const groups = [
  {
    id: 'grp-api-core',
    name: 'API core',
    description: 'Routes and store change together: every new field goes through both.',
    members: ['routes-agent', 'store-agent'],
    lead: 'routes-agent',
    metadata: {},
    createdAt: '2026-02-11T10:00:00.000Z',
    updatedAt: '2026-02-11T10:00:00.000Z',
  },
];

const standards = [
  {
    id: 'std-camel-case',
    name: 'camelCase fields',
    category: 'naming',
    rule: 'Every JSON field the API returns is camelCase (stationId, not station_id).',
    enforcement: 'strict',
    examples: { good: ['{ "stationId": "NO-BGO" }'], bad: ['{ "station_id": "NO-BGO" }'] },
    appliesTo: ['src/routes/', 'openapi.yaml'],
    createdAt: '2026-02-12T09:30:00.000Z',
    updatedAt: '2026-02-12T09:30:00.000Z',
  },
  {
    id: 'std-problem-json',
    name: 'Errors as problem+json',
    category: 'architecture',
    rule: 'Errors leave through src/errors.js as { title, detail }; no stack traces in answers.',
    enforcement: 'strict',
    appliesTo: ['src/errors.js', 'src/routes/'],
    createdAt: '2026-02-12T09:41:00.000Z',
    updatedAt: '2026-03-02T15:10:00.000Z',
  },
  {
    id: 'std-paging',
    name: 'Limit with every offset',
    category: 'performance',
    rule: 'A list route that takes offset also takes limit, default 50, at most 500.',
    enforcement: 'recommended',
    appliesTo: ['src/routes/stations.js'],
    createdAt: '2026-03-04T13:00:00.000Z',
    updatedAt: '2026-03-04T13:00:00.000Z',
  },
];

const facts = [
  {
    id: 'fact-port',
    category: 'configuration',
    key: 'port',
    value: '8080',
    description: 'npm start listens on 8080 unless PORT is set.',
    source: 'src/server.js',
    verified: true,
    tags: ['runtime'],
    createdAt: '2026-02-03T09:20:00.000Z',
    updatedAt: '2026-02-03T09:20:00.000Z',
  },
  {
    id: 'fact-interval',
    category: 'database',
    key: 'readingInterval',
    value: '6 minutes',
    description: 'Gauges report one water level every six minutes.',
    source: 'src/store.js',
    verified: true,
    tags: ['readings'],
    createdAt: '2026-02-04T11:02:00.000Z',
    updatedAt: '2026-02-04T11:02:00.000Z',
  },
  {
    id: 'fact-stations',
    category: 'api',
    key: 'stationCount',
    value: '4',
    description: 'Lisbon, Porto, Cork Harbour and Tromsø gauges in the fixture list.',
    source: 'src/store.js',
    verified: false,
    tags: ['stations'],
    createdAt: '2026-02-20T14:30:00.000Z',
    updatedAt: '2026-03-18T08:15:00.000Z',
  },
  {
    id: 'fact-node',
    category: 'environment',
    key: 'node',
    value: '20',
    source: 'package.json',
    verified: true,
    tags: ['runtime'],
    createdAt: '2026-02-03T09:21:00.000Z',
    updatedAt: '2026-02-03T09:21:00.000Z',
  },
];

const learnings = [
  {
    id: 'learn-001',
    agentId: 'routes-agent',
    category: 'mistake',
    title: 'Alerts route leaked a stack trace',
    content:
      'A thrown error in alerts.js reached the client with err.stack; route errors must go through next(err).',
    context: 'Found in review of the alerts endpoint, March sprint.',
    tags: ['errors', 'alerts'],
    confidence: 'high',
    createdAt: '2026-03-02T15:04:00.000Z',
    updatedAt: '2026-03-02T15:04:00.000Z',
  },
  {
    id: 'learn-002',
    agentId: 'store-agent',
    category: 'decision',
    title: 'Readings stay in memory until May',
    content:
      'SQLite is postponed: four stations fit in memory and the gauges vendor changes its export in May.',
    tags: ['store', 'sqlite'],
    confidence: 'medium',
    createdAt: '2026-03-19T10:45:00.000Z',
    updatedAt: '2026-04-08T11:20:00.000Z',
  },
  {
    id: 'learn-003',
    agentId: 'test-agent',
    category: 'pattern',
    title: 'Start the server on port 0 in tests',
    content: 'Tests listen on port 0 and read the bound port, so parallel suites never collide on 8080.',
    tags: ['tests'],
    confidence: 'high',
    createdAt: '2026-04-01T17:40:00.000Z',
    updatedAt: '2026-04-01T17:40:00.000Z',
  },
];

const handoffs = [
  {
    id: 'hand-001',
    fromAgent: 'routes-agent',
    toAgent: 'spec-agent',
    taskId: 'task-alerts',
    title: 'Document GET /v1/alerts',
    description:
      'The alerts router is merged; openapi.yaml still lacks the path and its threshold parameter.',
    context: { route: '/v1/alerts', parameter: 'threshold' },
    files: ['src/routes/alerts.js', 'openapi.yaml'],
    status: 'accepted',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-12T10:02:00.000Z',
  },
  {
    id: 'hand-002',
    fromAgent: 'store-agent',
    toAgent: 'test-agent',
    title: 'Cover readingsOf with a fixed clock',
    description: 'readingsOf takes a from timestamp; a test should pin it to 2026-03-14T00:00:00Z.',
    context: { function: 'readingsOf' },
    files: ['src/store.js', 'test/stations.test.js'],
    status: 'pending',
    createdAt: '2026-04-08T11:25:00.000Z',
    updatedAt: '2026-04-08T11:25:00.000Z',
  },
];

const tasks = [
  {
    id: 'task-alerts',
    title: 'High-water alerts endpoint',
    description: 'Serve alerts for readings above a station threshold, documented in openapi.yaml.',
    requester: 'Amara Okafor',
    assignedAgents: ['routes-agent', 'spec-agent'],
    phase: 'completed',
    analyses: [],
    executions: [],
    verifications: [],
    result: {
      status: 'success',
      summary: 'GET /v1/alerts with a threshold parameter, documented.',
      filesChanged: ['src/routes/alerts.js', 'openapi.yaml'],
    },
    metadata: { sprint: '2026-03' },
    createdAt: '2026-03-03T08:30:00.000Z',
    updatedAt: '2026-03-12T10:05:00.000Z',
  },
  {
    id: 'task-paging',
    title: 'Limit on the readings list',
    description: 'The readings route takes offset without limit; add limit (default 50, max 500).',
    requester: 'Kavya Rao',
    assignedAgents: ['routes-agent', 'test-agent'],
    phase: 'plan',
    analyses: [],
    executions: [],
    verifications: [],
    metadata: { sprint: '2026-04' },
    createdAt: '2026-04-06T09:00:00.000Z',
    updatedAt: '2026-04-07T16:30:00.000Z',
  },
];

writeTree(target(), {
  ...TIDE_API_FILES,
  '.agent-mcp/agents.json': byId(agents),
  '.agent-mcp/groups.json': byId(groups),
  '.agent-mcp/standards.json': byId(standards),
  '.agent-mcp/facts.json': byId(facts),
  '.agent-mcp/learnings.json': byId(learnings),
  '.agent-mcp/handoffs.json': byId(handoffs),
  '.agent-mcp/tasks.json': byId(tasks),
});
