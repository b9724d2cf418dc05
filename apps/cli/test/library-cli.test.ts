/**
 * [issue-16] The full build path as `npm start` runs it, on a small KiCad subset: the real bin's
 * `library build --if-missing --data DIR` on a fresh data folder (KiCad's LED symbols and LED_SMD
 * footprints read from KICAD_LIBRARY_DIR, converted, written, a progress bar, the time printed),
 * a second `--if-missing` only reports the library, `library search|stats|lists --data` read it, and
 * `library search|stats|lists --server URL` ask a running server the same.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { main } from '@copperplate/cli/main';

const BIN = join(import.meta.dirname, '../../../bin/copperplate.mjs');
const KICAD = '/usr/share/kicad';

function kicadLibraries(): string {
  if (!existsSync(join(KICAD, 'symbols', 'LED.kicad_sym'))) spawnSync(process.execPath, [join(import.meta.dirname, '../../../scripts/ensure.mjs'), '--library'], { stdio: 'inherit' });
  return existsSync(join(KICAD, 'symbols', 'LED.kicad_sym')) && existsSync(join(KICAD, 'footprints', 'LED_SMD.pretty')) ? '' : 'KiCad libraries missing (Debian kicad-symbols/kicad-footprints could not be installed)';
}
const missing = kicadLibraries();
if (missing) console.warn(`[library CLI tests] ${missing}: skipped`);

/** The real bin, without blocking the event loop. */
function bin(env: Record<string, string>, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const c = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '', stderr = '';
    c.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    c.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    c.on('exit', (status) => res({ status, stdout, stderr }));
  });
}

async function inProcess(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const out: string[] = [], err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  try {
    return { status: await main(args), stdout: out.join('\n') + '\n', stderr: err.join('\n') + '\n' };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe.skipIf(!!missing)('copperplate library (KiCad subset)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-lib-cli-'));
  const data = join(dir, 'data');
  const env = { KICAD_LIBRARY_DIR: join(dir, 'kicad') };
  let server: RunningServer | undefined;
  let systemList: { kind: string; libs: { lib: string; devices: number; footprints: number }[] } = { kind: '', libs: [] };
  beforeAll(() => {
    mkdirSync(join(dir, 'kicad', 'symbols'), { recursive: true });
    mkdirSync(join(dir, 'kicad', 'footprints'), { recursive: true });
    cpSync(join(KICAD, 'symbols', 'LED.kicad_sym'), join(dir, 'kicad', 'symbols', 'LED.kicad_sym'));
    cpSync(join(KICAD, 'footprints', 'LED_SMD.pretty'), join(dir, 'kicad', 'footprints', 'LED_SMD.pretty'), { recursive: true });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('[issue-16] build --if-missing on a fresh data folder converts the KiCad libraries with a progress bar and prints the time; a second run only reports it', async () => {
    const first = await bin(env, 'library', 'build', '--if-missing', '--data', data);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/Building the component library \[#+\.*\]\s+\d+%/);
    const m = /Component library built in ([\d.]+) s: (\d+) symbols, (\d+) footprints, (\d+) devices\./.exec(first.stdout);
    expect(m, first.stdout).not.toBeNull();
    const [symbols, footprints, devices] = [Number(m![2]), Number(m![3]), Number(m![4])];
    // the generated parts (hundreds) plus the LED library's symbols and LED_SMD's footprints
    expect(footprints).toBeGreaterThan(40);
    expect(symbols).toBeGreaterThan(20);
    expect(devices).toBeGreaterThan(symbols);
    const again = await bin(env, 'library', 'build', '--if-missing', '--data', data, '--json');
    expect(again.status, again.stderr).toBe(0);
    const info = JSON.parse(again.stdout) as { built: boolean; kicad: boolean; counts: { symbols: number } };
    expect(info).toMatchObject({ built: false, kicad: true, counts: { symbols } });
  }, 300_000);

  it('[issue-16] search and stats read the data folder', async () => {
    const r = await inProcess('library', 'search', 'LED', '0603', '--type', 'footprint', '--lib', 'LED_SMD', '--data', data, '--json');
    expect(r.status, r.stderr).toBe(0);
    const page = JSON.parse(r.stdout) as { items: { title: string; lib: string; type: number }[] };
    expect(page.items[0]).toMatchObject({ title: 'LED_0603_1608Metric', lib: 'LED_SMD', type: 4 });
    const kicadOnly = await inProcess('library', 'search', 'WS2812B', '--data', data, '--json');
    expect((JSON.parse(kicadOnly.stdout) as { items: { title: string; lib: string }[] }).items.some((i) => i.title === 'WS2812B' && i.lib === 'LED')).toBe(true);
    const s = await inProcess('library', 'stats', '--data', data, '--json');
    expect((JSON.parse(s.stdout) as { licence: { name: string } }).licence.name).toMatch(/CC-BY-SA 4\.0/);
    const lists = await inProcess('library', 'lists', 'system', '--data', data, '--json');
    expect(lists.status, lists.stderr).toBe(0);
    systemList = JSON.parse(lists.stdout) as typeof systemList;
    expect(systemList.libs.find((l) => l.lib === 'LED_SMD')?.footprints).toBeGreaterThan(40);
    expect(systemList.libs.find((l) => l.lib === 'LED')?.devices).toBeGreaterThan(20);
    expect((await inProcess('library', 'lists', 'user', '--data', data)).status).toBe(2); // a user's list: from a server
  }, 120_000);

  it('[issue-16] search and stats --server URL ask a running server', async () => {
    expect((await inProcess('user', 'add', 'libby', '--password', 'pw-libby', '--data', data)).status).toBe(0);
    server = await startServer({ port: 0, dataDir: data, logger: false });
    const auth = ['--server', server.url, '--user', 'libby', '--password', 'pw-libby'];
    const r = await inProcess('library', 'search', 'LED', '0603', '--type', 'footprint', '--json', ...auth);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { items: { title: string }[] }).items[0].title).toBe('LED_0603_1608Metric');
    const text = await inProcess('library', 'search', 'LED_0603', ...auth);
    expect(text.stdout).toMatch(/LED_0603_1608Metric/);
    expect(text.stdout).toMatch(/results \(page 1, \w+\) in [\d.]+ ms/);
    const s = await inProcess('library', 'stats', ...auth);
    expect(s.stdout).toMatch(/\d+ symbols, \d+ footprints, \d+ devices in \d+ libraries/);
    const anon = await inProcess('library', 'search', 'LED', '--server', server.url);
    expect(anon.status).toBe(1);
  }, 120_000);

  it('[issue-16] lists: the basic library lists through the client cache call of a server (system, user, userPanel); the system one from the data folder', async () => {
    const auth = ['--server', server!.url, '--user', 'libby', '--password', 'pw-libby'];
    const remote = await inProcess('library', 'lists', 'system', '--json', ...auth);
    expect(JSON.parse(remote.stdout)).toEqual(systemList);
    const save = await inProcess('api', 'POST', '/api/components/update-canvas', JSON.stringify({ docType: 2, title: 'CliListedSymbol', dataStr: '["DOCTYPE","SYMBOL","1.1"]\n' }), ...auth);
    expect(save.status, save.stderr).toBe(0);
    const user = await inProcess('library', 'lists', 'user', ...auth);
    expect(user.status, user.stderr).toBe(0);
    expect(user.stdout).toMatch(/symbol\s+Personal\s+CliListedSymbol\s+v1 /);
    expect(user.stdout).toMatch(/^1 items \(stamp /m);
    const panel = await inProcess('library', 'lists', 'userPanel', '--json', ...auth);
    expect(JSON.parse(panel.stdout)).toMatchObject({ kind: 'userPanel', items: [] });
  }, 120_000);
});
