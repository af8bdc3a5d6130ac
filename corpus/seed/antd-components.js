// Seed of antd-components (docs/corpus.md): none. The server ships Ant Design's component
// documentation, API tables, examples and changelogs (componentData/, extracted from Ant Design 6),
// so the folder stays empty.
import { target } from './lib/common.js';

target();
