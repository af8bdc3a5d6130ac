/** Kept in step with package.json by src/version.test.ts. */
export const VERSION = '0.1.0';
export const PRODUCER = 'fitness-report';
