import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, parseQueueUrl } from '../../src/roster/queue/backend.js';
import { type QueuedJob, queueJobId, signJob } from '../../src/roster/queue/jobs.js';
import { cli, stopAll } from './roster/cli.js';
import { type Service, startRedis } from './roster/services.js';
import { server } from './run/helpers.js';

/**
 * A queue is a trust boundary: whoever can write to it can add jobs and write their progress. A
 * worker runs only jobs a key it trusts signed, expands only the variables it was given (and never
 * shows their values), and acts on nothing a job's progress claims about processes or folders.
 */

const SECRET = 'sekret-value-7d1f3a9c';

function keyFile(dir: string, name: string): { key: KeyObject; file: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const file = join(dir, name);
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return { key: privateKey, file };
}

function job(rosterId: string, name: string, entry: QueuedJob['entry'], rosterFile: string): QueuedJob {
  return {
    rosterId,
    key: `${name}#1`,
    name,
    attempt: 1,
    entry,
    rosterFile,
    defaults: {},
    conformance: { enabled: false, timeoutMs: 60_000 },
    jobTimeoutMs: 120_000,
    maxTries: 2,
  };
}

/** Every file under `dir`, with its text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

const queueName = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('a queue is a trust boundary (real Redis)', () => {
  let redis: Service;
  let dir: string;
  let trusted: { key: KeyObject; file: string };
  const sleepers: ChildProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'fitness-queue-trust-'));
    trusted = keyFile(dir, 'roster-key.pem');
  }, 60_000);
  afterAll(async () => {
    await stopAll();
    for (const s of sleepers) s.kill('SIGKILL');
    await redis?.stop();
  });

  async function withQueue<T>(
    name: string,
    use: (q: ReturnType<ReturnType<typeof engine>['queue']>) => Promise<T>,
  ) {
    const e = engine(parseQueueUrl(redis.url));
    const q = e.queue(name);
    try {
      return await use(q);
    } finally {
      await q.close();
      await e.close();
    }
  }

  it('an unsigned job, a tampered one and one signed by an untrusted key are refused, and none of them runs', async () => {
    const q = queueName();
    const rosterFile = join(dir, 'hand.json');
    const marker = (n: string) => join(dir, `marker-${n}`);
    const evil = (n: string): QueuedJob['entry'] => ({ command: 'sh', args: ['-c', `touch ${marker(n)}`] });
    const stranger = keyFile(dir, 'stranger.pem');
    await withQueue(q, async (queue) => {
      const unsigned = job('hand', 'unsigned', evil('unsigned'), rosterFile);
      await queue.add('run', unsigned, { jobId: queueJobId('hand', 'unsigned', 1) });
      await queue.add('run', signJob(job('hand', 'stranger', evil('stranger'), rosterFile), stranger.key), {
        jobId: queueJobId('hand', 'stranger', 1),
      });
      const signed = signJob(job('hand', 'tampered', { command: 'true' }, rosterFile), trusted.key);
      const swapped = Buffer.from(
        JSON.stringify(job('hand', 'tampered', evil('tampered'), rosterFile)),
      ).toString('base64');
      await queue.add(
        'run',
        { envelope: { ...signed.envelope, payload: swapped } },
        {
          jobId: queueJobId('hand', 'tampered', 1),
        },
      );
    });
    const worker = cli([
      'worker',
      '--queue',
      redis.url,
      '--queue-name',
      q,
      '--out',
      join(dir, 'runs-refused'),
      '--trust',
      trusted.file,
    ]);
    await worker.waitFor(/job \S*unsigned\S*: refused: unsigned/, 60_000);
    await worker.waitFor(
      /job \S*stranger\S*: refused: signed by ed25519:[0-9a-f]{64}, a key this worker does not trust/,
      60_000,
    );
    await worker.waitFor(/job \S*tampered\S*: refused: .*the payload does not match its signature/, 60_000);
    await withQueue(q, async (queue) => {
      for (const name of ['unsigned', 'stranger', 'tampered']) {
        const j = await queue.getJob(queueJobId('hand', name, 1));
        expect(await j?.getState(), name).toBe('failed');
        expect(j?.failedReason, name).toMatch(/^refused: /);
      }
    });
    worker.child.kill('SIGTERM');
    await worker.exited;
    for (const name of ['unsigned', 'stranger', 'tampered'])
      expect(existsSync(marker(name)), name).toBe(false);
    expect(worker.lines.join('\n')).not.toMatch(/try 1 started/);
  }, 180_000);

  it(`a signed roster's job runs; a listed \${SECRET} is expanded but recorded by its name only; an unlisted one is that job's error`, async () => {
    const q = queueName();
    const rosterXdg = join(dir, 'roster-config');
    mkdirSync(join(rosterXdg, 'fitness-report'), { recursive: true });
    writeFileSync(join(rosterXdg, 'fitness-report', 'signing-key.pem'), readFileSync(trusted.file), {
      mode: 0o600,
    });
    const rosterFile = join(dir, 'roster.json');
    const [node, ...thin] = [process.execPath, ...server('thin')];
    writeFileSync(
      rosterFile,
      JSON.stringify({
        mcpServers: {
          thin: { command: node, args: [...thin, `--token=\${SECRET}`] },
          other: { command: node, args: [...server('calculator'), `--key=\${NOT_LISTED}`] },
        },
      }),
    );
    const out = join(dir, 'runs-signed');
    const roster = cli(
      [
        'roster',
        rosterFile,
        '--queue',
        redis.url,
        '--queue-name',
        q,
        '--out',
        out,
        '--site',
        join(dir, 'site'),
        '--no-conformance',
        '--plain',
      ],
      { XDG_CONFIG_HOME: rosterXdg },
    );
    const worker = cli(
      [
        'worker',
        '--queue',
        redis.url,
        '--queue-name',
        q,
        '--out',
        out,
        '--trust',
        trusted.file,
        '--allow-env',
        'SECRET',
      ],
      { SECRET, NOT_LISTED: 'not-listed-value-123' },
    );
    await roster.exited;
    await worker.waitFor(/thin#1: try 1 finished/, 120_000);
    await worker.waitFor(
      /job \S*other\S*: refused: \$\{NOT_LISTED\}: not on this worker's --allow-env list/,
      60_000,
    );
    worker.child.kill('SIGTERM');
    await worker.exited;
    const logs = [...worker.lines, ...roster.lines].join('\n');
    expect(logs).toMatch(/thin#1: try 1 measuring .*--token=\$\{SECRET\}/);
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain('not-listed-value-123');
    const files = filesUnder(out);
    const record = files.find((f) => f.path.endsWith('record.json'));
    const wire = files.find((f) => f.path.endsWith('wire.jsonl'));
    expect(record?.text).toContain(`--token=\${SECRET}`);
    expect(wire?.text).toContain(`--token=\${SECRET}`);
    for (const f of [...files, ...filesUnder(join(dir, 'site'))])
      expect(f.text, f.path).not.toContain(SECRET);
  }, 240_000);

  it('a forged progress is ignored: the process it names is not signalled, the folder it names is not moved or deleted', async () => {
    const q = queueName();
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    sleepers.push(sleeper);
    const victim = mkdtempSync(join(tmpdir(), 'fitness-victim-'));
    mkdirSync(join(victim, 'thin-20260101T000000Z-abcdef'));
    writeFileSync(join(victim, 'thin-20260101T000000Z-abcdef', 'keep.txt'), 'mine\n');
    writeFileSync(join(victim, 'keep.txt'), 'mine\n');
    const rosterFile = join(dir, 'forged.json');
    const id = queueJobId('forged', 'thin', 1);
    await withQueue(q, async (queue) => {
      const entry = { command: process.execPath, args: server('thin') };
      await queue.add('run', signJob(job('forged', 'thin', entry, rosterFile), trusted.key), { jobId: id });
      const added = await queue.getJob(id);
      await added?.updateProgress({
        tries: [
          {
            try: 1,
            state: 'running',
            host: hostname(),
            pid: sleeper.pid,
            stagingDir: victim,
            startedAt: new Date().toISOString(),
          },
        ],
      });
    });
    const out = join(dir, 'runs-forged');
    const worker = cli([
      'worker',
      '--queue',
      redis.url,
      '--queue-name',
      q,
      '--out',
      out,
      '--trust',
      trusted.file,
    ]);
    await worker.waitFor(/thin#1: the job's progress names tries 1 the queue never started: ignored/, 60_000);
    await worker.waitFor(/thin#1: try 1 finished/, 120_000);
    worker.child.kill('SIGTERM');
    await worker.exited;
    expect(sleeper.exitCode).toBeNull();
    expect(sleeper.signalCode).toBeNull();
    expect(() => process.kill(sleeper.pid ?? -1, 0)).not.toThrow();
    expect(readFileSync(join(victim, 'keep.txt'), 'utf8')).toBe('mine\n');
    expect(readFileSync(join(victim, 'thin-20260101T000000Z-abcdef', 'keep.txt'), 'utf8')).toBe('mine\n');
    expect(readdirSync(out).filter((d) => d.startsWith('thin-20260101'))).toEqual([]);
  }, 240_000);
});
