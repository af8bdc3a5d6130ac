// Seed of project-state-manager (docs/corpus.md): the tide-gauge REST API of lib/api-project.js
// with the process maps an agent already drew of it in .psm/projects/default/ (where the server
// keeps its default project; one YAML file per process, in the
// shape of the package's ProcessSchema: an entry node, ordered steps, an exit node, the source files
// it tracks and whether it is ready to execute). Three processes at different stages: one mapped
// end to end, one half mapped, one just defined. The tracked files' mtimes are set to fixed dates,
// one of them after the date its process recorded, so the obsolescence check reads the same files
// as stale everywhere.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { TIDE_API_FILES } from './lib/api-project.js';
import { target, writeTree } from './lib/common.js';

const at = (day, time = '09:00:00') => `2026-03-${day}T${time}.000Z`;
const node = (content, status, lastUpdated, data) => ({
  content,
  status,
  lastUpdated,
  ...(data ? { data } : {}),
});
const step = (id, label, order, content, status, lastUpdated, data) => ({
  id,
  label,
  order,
  ...node(content, status, lastUpdated, data),
});

const PROCESSES = [
  {
    id: 'list-station-readings',
    name: 'list-station-readings',
    display_name: 'Lecture des niveaux d’une station',
    entryPoint: 'src/routes/stations.js',
    nodes: {
      entry: node('GET /v1/stations/:stationId/readings', 'valid', at(11), {
        type: 'entry',
        sources: ['HTTP query: from, to, offset', 'path parameter stationId'],
        validation_rules: ['offset is a number (defaults to 0)', 'from is an ISO date-time'],
        sensitive_data: false,
      }),
      steps: [
        step('step-1', 'Load the six-minute levels', 0, 'readingsOf() in src/store.js', 'valid', at(11), {
          type: 'step',
          description: 'Builds one reading every six minutes from the station level table',
          transformations: ['level table → { at, level_m }'],
          dependencies: ['src/store.js'],
          side_effects: [],
        }),
        step('step-2', 'Apply the offset', 1, 'slice(offset)', 'done', at(11), {
          type: 'step',
          description: 'Skips the first offset readings; there is no limit',
          transformations: ['readings.slice(offset)'],
          dependencies: [],
          side_effects: [],
        }),
      ],
      exit: node('200 { data, offset }', 'valid', at(11), {
        type: 'exit',
        destinations: ['HTTP client'],
        response_formats: ['application/json { data: Reading[], offset }'],
        error_handling: ['unknown station answers an empty list, not 404'],
      }),
    },
    tracked_files: [
      { path: 'src/routes/stations.js', lastModifiedAt: at(10) },
      { path: 'src/store.js', lastModifiedAt: at(10) },
    ],
    is_executable: true,
  },
  {
    id: 'raise-surge-alert',
    name: 'raise-surge-alert',
    display_name: 'Alerte de surcote',
    entryPoint: 'src/routes/alerts.js',
    nodes: {
      entry: node('POST /v1/alerts with a bearer token', 'done', at(12), {
        type: 'entry',
        sources: ['JSON body: stationId, surge_height_m, message', 'Authorization header'],
        validation_rules: ['Authorization must start with "Bearer "'],
        sensitive_data: true,
      }),
      steps: [
        step('step-1', 'Check the token', 0, 'only the prefix is checked', 'in-progress', at(12)),
        step('step-2', 'Notify the harbour masters', 1, '', 'todo', at(12)),
      ],
      exit: node('', 'todo', at(12)),
    },
    tracked_files: [{ path: 'src/routes/alerts.js', lastModifiedAt: at(12) }],
    is_executable: false,
  },
  {
    id: 'nightly-readings-import',
    name: 'nightly-readings-import',
    display_name: 'Import nocturne des relevés',
    entryPoint: 'src/store.js',
    nodes: {
      entry: node('', 'todo', at(13, '17:30:00')),
      steps: [],
      exit: node('', 'todo', at(13, '17:30:00')),
    },
    tracked_files: [],
    is_executable: false,
  },
];

const dir = target();
writeTree(dir, {
  ...TIDE_API_FILES,
  ...Object.fromEntries(PROCESSES.map((p) => [`.psm/projects/default/${p.id}.yaml`, stringify(p)])),
});
const MTIMES = { 'src/routes/stations.js': at(10), 'src/store.js': at(10), 'src/routes/alerts.js': at(20) };
for (const [rel, iso] of Object.entries(MTIMES)) utimesSync(join(dir, rel), new Date(iso), new Date(iso));
