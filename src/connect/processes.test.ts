import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { liveCount, newMarker, processScope, reapScope, track } from './processes.js';

function sleeper() {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { detached: true, stdio: 'ignore' });
}

const exited = (child: ReturnType<typeof sleeper>) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once('exit', (_code, signal) => resolve(signal));
  });

describe('process scopes', () => {
  it('reaps a scope, and a server one of its stragglers starts afterwards is killed at once', async () => {
    const scope = `test-${newMarker()}`;
    const first = sleeper();
    processScope.run(scope, () => track(first, newMarker()));
    expect(liveCount(scope)).toBe(1);
    expect(reapScope(scope)).toBeGreaterThanOrEqual(1);
    expect(await exited(first)).toBe('SIGKILL');
    // A trial that was still starting its server when the run was reaped.
    const late = sleeper();
    processScope.run(scope, () => track(late, newMarker()));
    expect(liveCount(scope)).toBe(0);
    expect(await exited(late)).toBe('SIGKILL');
  });

  it('leaves other scopes alone', async () => {
    const mine = `test-${newMarker()}`;
    const other = `test-${newMarker()}`;
    const child = sleeper();
    processScope.run(other, () => track(child, newMarker()));
    reapScope(mine);
    expect(liveCount(other)).toBe(1);
    reapScope(other);
    expect(await exited(child)).toBe('SIGKILL');
  });
});
