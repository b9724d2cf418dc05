/**
 * `copperplate user add`, `serve`, `push` and `pull` end to end: each fixture .epro pushed to a real
 * server (child process, PGlite) and pulled back has the same records and the same project.json.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocuments, readEpro } from '@copperplate/format';
import { main } from '@copperplate/cli/main';

const BIN = join(import.meta.dirname, '../../../bin/copperplate.mjs');
const FIXTURES = '/work/shared/fixtures/epro';
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

function records(text: string): string[] {
  return parseDocuments(text).flatMap((b) => b.records.map((r) => JSON.stringify(r))).sort();
}
function documents(bytes: Uint8Array): Map<string, string[]> {
  const a = readEpro(bytes);
  const out = new Map<string, string[]>();
  const dec = new TextDecoder();
  for (const [k, v] of a.entries) if (!k.endsWith('.json')) out.set(k, records(typeof v === 'string' ? v : dec.decode(v)));
  return out;
}

// The bin itself runs `user add`, `serve` and the unauthenticated `pull`; the other calls go through
// the same `main()` in this process to keep the test fast.
describe('copperplate user / serve / push / pull', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-cli-'));
  let child: ChildProcess;
  let url = '';
  const pushed: string[] = [];
  beforeAll(async () => {
    const add = cli('user', 'add', 'alice', '--password', 'pw-alice', '--data', join(dir, 'db'));
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toContain('Created user alice');
    const again = await inProcess('user', 'add', 'alice', '--password', 'other', '--data', join(dir, 'db'));
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('User name already exists');
    child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data', join(dir, 'db'), '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    url = await new Promise<string>((res, rej) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) res(m[1]);
      });
      child.once('exit', (c) => rej(new Error(`serve exited ${c}`)));
    });
  }, 300_000); // two bin start-ups (user add, serve): slow on a loaded machine
  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(readdirSync(FIXTURES).filter((f) => f.endsWith('.epro')))('[ARC-1] [ARC-2] push then pull %s gives the same records and project.json', async (name) => {
    const file = join(FIXTURES, name);
    const push = await inProcess('push', file, '--server', url, '--user', 'alice', '--password', 'pw-alice');
    expect(push.status, push.stderr).toBe(0);
    const uuid = push.stdout.trim().split('\n').pop()!;
    expect(uuid).toMatch(/^[0-9a-f]{32}$/);
    pushed.push(uuid);
    const out = join(dir, `${uuid}.epro`);
    const pull = await inProcess('pull', uuid, out, '--server', url, '--user', 'alice', '--password', 'pw-alice');
    expect(pull.status, pull.stderr).toBe(0);
    const before = readFileSync(file);
    const after = readFileSync(out);
    const d0 = documents(before);
    const d1 = documents(after);
    expect([...d1.keys()].sort()).toEqual([...d0.keys()].sort());
    for (const [k, recs] of d0) expect(d1.get(k), k).toEqual(recs);
    expect(readEpro(after).projectJson).toEqual(readEpro(before).projectJson);
  }, 60_000);

  it('[PERM-2] pull without a login fails with the 401 message; a wrong password is refused', async () => {
    const uuid = pushed[0];
    const anon = await run('pull', uuid, join(dir, 'anon.epro'), '--server', url);
    expect(anon.status).toBe(1);
    expect(anon.stderr.trim()).toBe('Not logged in yet, please log in and try again');
    const wrong = await inProcess('push', join(FIXTURES, readdirSync(FIXTURES)[0]), '--server', url, '--user', 'alice', '--password', 'nope');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe('Wrong user name or password');
  }, 60_000);

  it('`api` makes any call: add a version, list it, star the project; a refused call prints its catalogue message', async () => {
    const uuid = pushed[0];
    const auth = ['--server', url, '--user', 'alice', '--password', 'pw-alice'];
    const add = await inProcess('api', 'POST', `/api/projects/${uuid}/versions`, '{"name":"Rev A"}', ...auth);
    expect(add.status, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ name: 'Rev A', current: true });
    const list = await inProcess('api', 'get', `/api/projects/${uuid}/versions`, ...auth);
    expect((JSON.parse(list.stdout) as Array<{ name: string }>).map((v) => v.name)).toEqual(['Rev A']);
    expect(JSON.parse((await inProcess('api', 'POST', `/api/projects/${uuid}/star`, ...auth)).stdout)).toEqual({ stick: false, star: true });
    const again = await inProcess('api', 'POST', `/api/projects/${uuid}/versions`, '{"name":"Rev A"}', ...auth);
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('Backup Name already exists');
    expect((await inProcess('api', 'POST', `/api/projects/${uuid}/versions`, '{not json', ...auth)).status).toBe(1);
    expect((await inProcess('api', 'DELETE', '/api/projects', ...auth)).status).toBe(2);
  }, 60_000);
});

/**
 * Runs a command in this process through the CLI's own entry (`main`, as bin/copperplate.mjs does),
 * capturing what it prints: the process start-up is the only thing skipped.
 */
async function inProcess(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    const status = await main(args);
    return { status, stdout: out.join('\n') + '\n', stderr: err.join('\n') + '\n' };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** Runs the real bin without blocking the event loop (the server is a child of this process). */
function run(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const c = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    c.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    c.on('exit', (status) => res({ status, stdout, stderr }));
  });
}
