// Seed of kazuph-taskmanager (docs/corpus.md): TASK_MANAGER_FILE_PATH with three requests and their tasks.
import { target, writeTree } from './lib/common.js';

const task = (id, title, description, done, approved) => ({
  id,
  title,
  description,
  done,
  approved,
  completedDetails: done ? `Finished: ${title.toLowerCase()}` : '',
});
writeTree(target(), {
  'tasks.json': {
    requests: [
      {
        requestId: 'req-1',
        originalRequest: 'Publish the Q1 tide tables for Lisbon and Porto',
        splitDetails: 'Split by port and by output format',
        completed: false,
        tasks: [
          task(
            'task-1',
            'Compute Lisbon predictions',
            'Run the harmonic model for 1 Jan to 31 Mar',
            true,
            true,
          ),
          task('task-2', 'Compute Porto predictions', 'Same model, Porto constants', true, false),
          task('task-3', 'Render PDF booklet', 'A5 booklet, one page per week', false, false),
        ],
      },
      {
        requestId: 'req-2',
        originalRequest: 'Replace the rain gauge at Cork Harbour',
        splitDetails: 'Order, install, calibrate',
        completed: false,
        tasks: [
          task('task-4', 'Order gauge R-220', 'Supplier Maré Instruments, ref MI-55821', true, true),
          task('task-5', 'Install on pier 3', 'Needs harbour master permit', false, false),
        ],
      },
      {
        requestId: 'req-3',
        originalRequest: 'Archive 2023 sensor logs',
        splitDetails: 'One task',
        completed: true,
        tasks: [task('task-6', 'Compress and upload 2023 logs', '14 GB of CSV to cold storage', true, true)],
      },
    ],
  },
});
