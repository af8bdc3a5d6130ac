import { describe, expect, it } from 'vitest';
import { recordedTarget } from './rerun-target.js';

const meta = (label: string, command: string[]) => ({
  v: 1,
  type: 'meta' as const,
  startedAt: '',
  label,
  command,
});
const stdio = (description: string) => ({
  credential: 'anonymous' as const,
  target: { kind: 'stdio' as const, description },
});
const http = (description: string) => ({
  credential: 'anonymous' as const,
  target: { kind: 'http' as const, description },
});

describe('the target a rerun may start: every copy agrees', () => {
  it('takes a stdio argv whose every copy names it', () => {
    const t = recordedTarget(
      stdio("node 'my server.js'"),
      meta("node 'my server.js'", ['node', 'my server.js']),
    );
    expect(t).toEqual({
      input: { kind: 'stdio', argv: ['node', 'my server.js'], env: {}, secretEnv: {} },
      description: "node 'my server.js'",
    });
  });

  it('never restarts an in-memory run: there is no command or URL, whatever the tape says', () => {
    const t = recordedTarget(
      { credential: 'anonymous', target: { kind: 'memory', description: 'memory:well-made' } },
      meta('memory:well-made', ['node', 'server.js']),
    );
    expect(t).toEqual({
      why: "the original measured an in-memory server (memory:well-made), a server object in another program's process that no command or URL starts",
    });
  });

  it('refuses an argv the record does not describe, or a label that names another', () => {
    const argv = recordedTarget(stdio('node s.js'), meta('node s.js', ['sh', '-c', 'id']));
    expect(argv).toEqual({
      why: "the run's copies of its target disagree (record.json says 'node s.js', the wire tape starts 'sh -c id')",
    });
    const label = recordedTarget(stdio('node s.js'), meta('node other.js', ['node', 's.js']));
    expect('why' in label && label.why).toMatch(/the wire tape's label 'node other\.js'/);
  });

  it('takes an HTTP URL only when the wire tape names the same one', () => {
    const url = 'http://127.0.0.1:3001/mcp';
    const same = recordedTarget(http(url), meta(url, ['fitness-report', 'run', '--url', url]));
    expect('input' in same && same.input).toEqual({ kind: 'http', url, headers: {}, publicHeaders: {} });
    const other = recordedTarget(
      http('http://10.0.0.1/admin'),
      meta('http://10.0.0.1/admin', ['fitness-report', 'run', '--url', url]),
    );
    expect('why' in other && other.why).toMatch(
      /the wire tape's argv is .*127\.0\.0\.1.*, the record's target gives .*10\.0\.0\.1/,
    );
    expect(recordedTarget(http('file:///etc/passwd'), meta('x', ['x']))).toEqual({
      why: 'the recorded URL is file:, not http or https',
    });
  });

  it('never starts what was recorded without its secrets', () => {
    const sent = {
      credential: 'free-key' as const,
      target: { kind: 'stdio' as const, description: 'node s.js' },
    };
    expect(recordedTarget(sent, meta('node s.js', ['node', 's.js']))).toEqual({
      why: 'the original run sent a credential (free-key), which is never recorded',
    });
    expect(recordedTarget(stdio('node s.js --key [REDACTED]'), undefined)).toEqual({
      why: 'a secret was scrubbed from the recorded target',
    });
  });
});
