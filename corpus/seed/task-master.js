// Seed of task-master (docs/corpus.md): the root of a project as `task-master init` leaves it, with
// its `.taskmaster/` folder: `config.json` (models named but no API keys anywhere, the project's name,
// anonymous telemetry off as the server's own message says to set it), `state.json` (the `master`
// tag current) and `tasks/tasks.json` with the tasks of a small tide-gauge REST API (the project of
// seed/lib/api-project.js, whose files sit beside it): ten tasks with statuses, priorities,
// dependencies between them and subtasks, created in March 2026, and the PRD they came from.
// Fixed text: the same bytes everywhere.

import { TIDE_API_FILES } from './lib/api-project.js';
import { target, writeTree } from './lib/common.js';

const task = (id, title, description, status, priority, dependencies, details, subtasks = []) => ({
  id,
  title,
  description,
  details,
  testStrategy: `Covered by test/${title
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '')}.test.js`,
  status,
  dependencies,
  priority,
  subtasks: subtasks.map(([sid, stitle, sstatus, sdeps = []], i) => ({
    id: sid,
    title: stitle,
    description: `${stitle} (step ${i + 1} of ${subtasks.length})`,
    status: sstatus,
    dependencies: sdeps,
  })),
});

const tasks = [
  task(
    1,
    'Set up Express service skeleton',
    'Create the service entry point, config loading and health route.',
    'done',
    'high',
    [],
    'Express 4 app in src/server.js, port from PORT, GET /health answering 200 with the build version.',
    [
      [1, 'Create src/server.js with the Express app', 'done'],
      [2, 'Read PORT and DATABASE_PATH from the environment', 'done', [1]],
      [3, 'Add GET /health', 'done', [1]],
    ],
  ),
  task(
    2,
    'Stations endpoint with paging',
    'GET /v1/stations with page and pageSize; GET /v1/stations/{stationId}.',
    'done',
    'high',
    [1],
    'Page size defaults to 20 and is capped at 100; unknown station answers 404 in the error format of task 6.',
    [
      [1, 'List stations from SQLite', 'done'],
      [2, 'Add page and pageSize parameters', 'done', [1]],
      [3, 'Single station route', 'done', [1]],
    ],
  ),
  task(
    3,
    'Readings endpoint',
    'GET /v1/stations/{stationId}/readings between two instants.',
    'in-progress',
    'high',
    [2],
    'Readings every six minutes; from and to are ISO 8601 instants, at most 31 days apart; answer in ascending time.',
    [
      [1, 'Validate from and to with zod', 'done'],
      [2, 'Query readings by station and time range', 'in-progress', [1]],
      [3, 'Reject ranges longer than 31 days', 'pending', [1]],
    ],
  ),
  task(
    4,
    'Surge alerts',
    'POST /v1/alerts raising a surge alert for a station, bearer token required.',
    'pending',
    'medium',
    [3, 5],
    'An alert names the station, the water level in metres and a threshold; duplicate alerts within 30 minutes are refused with 409.',
  ),
  task(
    5,
    'Bearer token authentication',
    'Check the Authorization header on write routes.',
    'pending',
    'high',
    [1],
    'Tokens listed in TOKENS_FILE, one a line; a missing or unknown token answers 401.',
  ),
  task(
    6,
    'Problem+json error format',
    'One error handler answering application/problem+json.',
    'review',
    'medium',
    [1],
    'type, title, status, detail and instance; never a stack trace in the body (the current handler leaks one).',
  ),
  task(
    7,
    'OpenAPI description',
    'Keep openapi.yaml in step with the routes.',
    'pending',
    'medium',
    [2, 3, 4],
    'OpenAPI 3.1, camelCase fields everywhere (station_name is still snake_case), https links only.',
  ),
  task(
    8,
    'Rate limiting',
    'Limit each token to 600 requests an hour.',
    'deferred',
    'low',
    [5],
    'express-rate-limit keyed on the token; answer 429 with Retry-After.',
  ),
  task(
    9,
    'Station import script',
    'Import the station list from the agency CSV export.',
    'done',
    'low',
    [],
    '47 stations, coordinates in WGS84, station ids like TG-0031.',
  ),
  task(
    10,
    'Release 1.0',
    'Tag and publish the first stable release.',
    'pending',
    'medium',
    [3, 4, 6, 7],
    'Changelog, version bump to 1.0.0, container image built by CI.',
  ),
];

writeTree(target(), {
  ...TIDE_API_FILES,
  '.taskmaster/config.json': {
    models: {
      main: {
        provider: 'anthropic',
        modelId: 'claude-3-7-sonnet-20250219',
        maxTokens: 64000,
        temperature: 0.2,
      },
      research: { provider: 'perplexity', modelId: 'sonar-pro', maxTokens: 8700, temperature: 0.1 },
      fallback: {
        provider: 'anthropic',
        modelId: 'claude-3-5-sonnet-20241022',
        maxTokens: 8192,
        temperature: 0.2,
      },
    },
    global: {
      logLevel: 'info',
      debug: false,
      defaultSubtasks: 3,
      defaultPriority: 'medium',
      projectName: 'tide-gauge-api',
      defaultTag: 'master',
      responseLanguage: 'English',
      anonymousTelemetry: false,
    },
  },
  '.taskmaster/state.json': {
    currentTag: 'master',
    lastSwitched: '2026-03-16T08:40:00.000Z',
    branchTagMapping: {},
    migrationNoticeShown: true,
  },
  '.taskmaster/tasks/tasks.json': {
    master: {
      tasks,
      metadata: {
        created: '2026-03-09T10:15:00.000Z',
        updated: '2026-03-20T17:05:00.000Z',
        description: 'Tasks for master context',
      },
    },
  },
  '.taskmaster/docs/prd.txt': `Tide-gauge API, version 1.0

The coastal tide-gauge network (47 stations) reports a water level every six minutes. The API
serves the stations, their readings over a time range, and lets the duty officer raise a surge
alert for a station. Write routes need a bearer token. Errors follow RFC 9457 (problem+json). The
OpenAPI description is the contract the two client apps are generated from. Target: release 1.0 by
the end of April 2026.
`,
});
