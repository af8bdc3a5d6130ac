// Seed of server-pdf (docs/corpus.md): two PDF reports (the folder named on its command line).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { target } from './lib/common.js';
import { pdf } from './lib/office.js';

const dir = target();
writeFileSync(
  join(dir, 'tide-report-2024.pdf'),
  pdf(
    [
      [
        'Tide report 2024',
        'Prepared by Dagny Lund for the Lisbon harbour office.',
        'Highest spring tide: 3.92 m on 9 April 2024 at 16:41.',
        'Lowest low water: 0.11 m on 10 April 2024 at 10:27.',
      ],
      [
        'Sensor faults',
        'T-204 thermistor drift of +0.8 C on 14 February, recalibrated.',
        'R-118 rain gauge blocked by leaves on 3 March.',
        'Battery pack B7 replaced at Bergen Pier on 9 January.',
      ],
    ],
    'Tide report 2024',
  ),
);
writeFileSync(
  join(dir, 'herbarium-status.pdf'),
  pdf(
    [
      [
        'Herbarium digitisation status',
        'Sheets scanned: 3,180 of 12,400 (25.6%).',
        'Family in progress: Rosaceae, boxes 41 to 57.',
        'Label OCR accuracy: 93.5%. Lead: Elif Demir.',
      ],
    ],
    'Herbarium digitisation status',
  ),
);
