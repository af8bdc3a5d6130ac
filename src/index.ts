// The library API. The CLI is a thin layer over these exports; tests call them directly.
export { VERSION } from './version.js';
