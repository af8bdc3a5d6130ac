// Seed of n8n (docs/corpus.md): none. The server answers from the SQLite database it ships
// (`data/nodes.db`: n8n's nodes with their properties, operations and documentation, and workflow
// templates) and validates the workflows it is given; without `N8N_API_URL` it registers none of
// its tools that manage a running n8n instance. The roster points `HOME` at the empty folder, where
// its telemetry settings would go (telemetry is off: `N8N_MCP_TELEMETRY_DISABLED`).
import { target } from './lib/common.js';

target();
