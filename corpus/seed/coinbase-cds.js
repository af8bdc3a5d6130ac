// Seed of coinbase-cds (docs/corpus.md): none. The server answers from the documentation it ships
// (`mcp-docs/`: Coinbase Design System's components, hooks, guides and getting-started pages, for the
// web and for React Native, with a routes list per platform) and keeps no local data of the user's,
// so the folder stays empty. Its usage metrics are off (`DISABLE_CDS_MCP_TELEMETRY`).
import { target } from './lib/common.js';

target();
