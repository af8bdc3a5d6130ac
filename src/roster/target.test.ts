import { describe, expect, it } from 'vitest';
import { RosterEntry } from './entry.js';
import { entryEnvVars, jobEnv } from './target.js';

const v = (name: string) => ['${', name, '}'].join('');
const entry = RosterEntry.parse({
  command: 'node',
  args: [`--port=${v('PORT')}`, `--token=${v('TOKEN')}`],
  env: { HOME_DIR: v('env:HOME') },
  given: { file: `${v('DATA')}/a.txt`, region: `${v('REGION:-eu')}` },
});

describe("the variables a roster entry's VARs expand from", () => {
  it('are every variable it names anywhere, but the job places', () => {
    expect(entryEnvVars(entry).sort()).toEqual(['HOME', 'REGION', 'TOKEN']);
  });

  it("a local roster's: its whole environment; a worker's: only its --allow-env list, the named values its secrets", () => {
    const env = { TOKEN: 'token-12345678', HOME: '/root', UNRELATED: 'x' };
    expect(jobEnv(entry, env, undefined)).toEqual({ env });
    expect(jobEnv(entry, env, ['TOKEN', 'UNSET'])).toEqual({
      env: { TOKEN: 'token-12345678' },
      secretVars: { TOKEN: 'token-12345678' },
    });
  });
});
