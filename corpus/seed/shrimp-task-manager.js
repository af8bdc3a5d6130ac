// Seed of shrimp-task-manager (docs/corpus.md): DATA_DIR/tasks.json with six tasks, dependencies and summaries.
import { target, writeTree } from './lib/common.js';

const ids = [
  '3f1c2a9e-0b6d-4c1e-9a51-1d2e3f4a5b61',
  '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c52',
  'c0ffee00-1234-4abc-8def-567890abcd03',
  'd15ea5e0-aaaa-4bbb-8ccc-dddddddddd04',
  'feedface-0000-4111-8222-333333333305',
  'b0a710ad-5555-4666-8777-888888888806',
];
const t = (i, name, description, status, deps, extra = {}) => ({
  id: ids[i],
  name,
  description,
  notes: extra.notes ?? '',
  status,
  dependencies: deps.map((d) => ({ taskId: ids[d] })),
  createdAt: `2024-05-0${i + 1}T09:00:00.000Z`,
  updatedAt: `2024-05-1${i}T16:30:00.000Z`,
  ...(status === 'completed' ? { completedAt: `2024-05-1${i}T16:30:00.000Z`, summary: extra.summary } : {}),
  implementationGuide: extra.guide ?? '',
  verificationCriteria: extra.verify ?? '',
  relatedFiles: extra.files ?? [],
});
writeTree(target(), {
  'tasks.json': {
    tasks: [
      t(
        0,
        'Import harmonic constants',
        'Load constants.csv for the 14 ports into the model cache.',
        'completed',
        [],
        {
          summary: 'Imported 14 ports, 37 constituents each; Bergen verified against the 2023 almanac.',
          files: [{ path: 'data/constants.csv', type: 'TO_MODIFY', description: 'source constants' }],
        },
      ),
      t(
        1,
        'Predict Q3 high waters',
        'Compute high and low water times for July to September.',
        'completed',
        [0],
        { summary: 'Predictions within 4 minutes of the port authority tables for Lisbon and Cork.' },
      ),
      t(
        2,
        'Render weekly Markdown tables',
        'One table per port per week with times in local time.',
        'in_progress',
        [1],
        { notes: 'Daylight-saving switch on 27 October needs a test.' },
      ),
      t(3, 'Publish PDF booklet', 'A5 booklet for the harbour office, 52 pages.', 'pending', [2], {
        verify: 'Booklet opens in a PDF reader and lists all 14 ports.',
      }),
      t(
        4,
        'Add Vigo to the port list',
        'Collect constants for Vigo from the Spanish hydrographic office.',
        'blocked',
        [],
        { notes: 'Waiting for the data licence (ticket HO-4471).' },
      ),
      t(5, 'Email subscribers', 'Send the Q3 booklet link to 312 subscribers.', 'pending', [3]),
    ],
  },
});
