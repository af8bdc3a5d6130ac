// Seed of memory-bank (docs/corpus.md): MEMORY_BANK_ROOT with two projects' Markdown memory files.
import { target, writeTree } from './lib/common.js';

writeTree(target(), {
  'tide-tables/projectbrief.md':
    '# Tide tables\n\nPublishes weekly tide predictions for 14 Atlantic ports.\n\n- Owner: Dagny Lund\n- Started: 2023-05-02\n',
  'tide-tables/techContext.md':
    '# Tech context\n\n- Language: TypeScript 5.9\n- Data source: harmonic constants from the port authority (file `constants.csv`)\n- Deploy: nightly at 02:00 UTC\n',
  'tide-tables/progress.md':
    '# Progress\n\n## Done\n- Harmonic model for Lisbon, Porto, Cork\n\n## Next\n- Add Bergen (needs 37 constituents)\n- Fix daylight-saving offset bug #112\n',
  'herbarium/projectbrief.md':
    '# Herbarium digitisation\n\n12,400 sheets to scan; 3,180 done by 2024-11-30.\n\nLead: Elif Demir\n',
  'herbarium/activeContext.md':
    '# Active context\n\nScanning family Rosaceae (boxes 41-57). Label OCR accuracy at 93.5%.\n',
});
