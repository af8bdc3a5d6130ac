// Seed of echarts (docs/corpus.md): none. The server keeps no local data of the user's (it renders
// the chart its arguments describe, as a PNG or SVG, or the ECharts option), so the folder stays
// empty. Without MINIO_* settings it answers the image inline (base64), as its README says.
import { target } from './lib/common.js';

target();
