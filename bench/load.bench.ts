/**
 * A bounded load test on loopback (issue 11): a server child process (`copperplate serve`, PGlite),
 * 200 concurrent clients editing 20 projects (10 clients per project, each its own page) through the
 * real HTTP API for LOAD_BENCH_SECONDS (default 60) while another user imports an .epro fixture over
 * and over. Each edit is a compare-and-set bulk write of the client's page with the ticket it last
 * got; at the end every page must hold the client's last acknowledged content (no lost edit).
 * Prints: acknowledged writes, p99 write latency, /api/getOnlineVersion p99 (sampled every 20 ms
 * while imports run; goal under 50 ms), imports done, server memory (RSS) before and after, the
 * server's CPU (whole process, and its main thread alone), and its event loop's utilisation and
 * delay over the run (bench/lib/loop-delay.mjs, preloaded into the server): a main thread that needs
 * little CPU but waits long for it is the machine's load, not the server's work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { report } from './lib/report.ts';

/** The getOnlineVersion probe (plain JS, run in a worker thread): one request every 20 ms until `end`. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const out = [];
  while (Date.now() < workerData.end) {
    const t = performance.now();
    await fetch(workerData.url + '/api/getOnlineVersion').then((r) => r.text());
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(out);
})();
`;

const BIN = join(import.meta.dirname, '..', 'bin', 'copperplate.mjs');
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_BENCH_CLIENTS ?? 200);
const PROJECTS = 20;
const FIXTURE = join(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'epro', 'FLIP_C3.epro');

const LOOP_DELAY = join(import.meta.dirname, 'lib', 'loop-delay.mjs');

function serve(dataDir: string, loopOut: string): Promise<{ url: string; child: ChildProcess }> {
  // LOAD_BENCH_NODE_ARGS: node options of the server process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
  const nodeArgs = (process.env.LOAD_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', pathToFileURL(LOOP_DELAY).href, BIN, 'serve', '--port', '0', '--quiet', '--data', dataDir], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOOP_DELAY_OUT: loopOut } });
  return new Promise((res, rej) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) res({ url: m[1], child });
    });
    child.once('exit', (c) => rej(new Error(`server exited ${c}`)));
  });
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Session { cookie: string; csrf: string }
async function auth(url: string, path: string, username: string): Promise<Session> {
  const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'load-bench-pass' }) });
  const j = (await r.json()) as { code: number; message?: string };
  if (j.code !== 0) throw new Error(`${path} ${username}: ${j.message}`);
  const cookies = r.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: cookies.join('; '), csrf: cookies.find((c) => c.startsWith('cp_csrf='))!.slice('cp_csrf='.length) };
}
async function post<T>(url: string, s: Session, path: string, body: unknown, project?: string): Promise<{ code: number; result?: T; message?: string }> {
  const headers: Record<string, string> = { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' };
  if (project) headers['x-project-path'] = project;
  const r = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await r.json()) as { code: number; result?: T; message?: string };
}

const pct = (a: number[], q: number) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN; };
const p99 = (a: number[]) => pct(a, 0.99);
/** CPU seconds (user + system) a process has used (Linux /proc). */
function cpuSeconds(pid: number, thread?: number): number {
  const f = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cp-load-'));
  const loopOut = join(dir, 'loop-delay.json');
  const { url, child } = await serve(join(dir, 'data'), loopOut);
  try {
    const owner = await auth(url, '/api/auth/signup', 'loadowner');
    const importer = await auth(url, '/api/auth/signup', 'loadimporter');
    const projects: string[] = [];
    for (let i = 0; i < PROJECTS; i++) {
      const r = await post<{ uuid: string }>(url, owner, '/api/projects', { title: `load ${i}` });
      if (r.code !== 0) throw new Error(r.message);
      projects.push(r.result!.uuid);
    }
    // every client is a page of the owner's (own session), editing its own sheet of one project
    // (logged in one after the other: parallel attempts on one account count against its limit)
    const clients: { i: number; project: string; key: string; session: Session; ticket: number; acked: string; writes: number; seq: number }[] = [];
    for (let i = 0; i < CLIENTS; i++) clients.push({ i, project: projects[i % PROJECTS], key: `page${i}`, session: await auth(url, '/api/auth/login', 'loadowner'), ticket: 0, acked: '', writes: 0, seq: 0 });
    const memBefore = rssMb(child.pid!);
    const cpuBefore = cpuSeconds(child.pid!);
    const mainCpuBefore = cpuSeconds(child.pid!, child.pid!); // the server's main thread (its id is the process id)
    child.kill('SIGUSR2'); // loop-delay.mjs: start counting
    const latencies: number[] = [];
    const probe: number[] = [];
    let failures = 0;
    let imports = 0;
    const end = Date.now() + SECONDS * 1000;
    const epro = readFileSync(FIXTURE);

    const editLoop = async (c: (typeof clients)[number]) => {
      while (Date.now() < end) {
        const text = `["DOCTYPE","SCH","1.1"]\n["TEXT","c${c.i}",0,0,0,"v${++c.seq}"]\n${'["WIRE","w",[[0,0,10,10]],"st",0]\n'.repeat(20)}`;
        const t = performance.now();
        const r = await post<Array<{ success: boolean; result?: { ticket: number }; code?: number }>>(url, c.session, `/api/projects/${c.project}/bulk/sheets`, { data: [{ uuid: c.key, schematic_uuid: 'sch', title: c.key, display_title: c.key, dataStr: text, base_ticket: c.ticket }] }, c.project).catch(() => null);
        latencies.push(performance.now() - t);
        const a = r?.result?.[0];
        if (r?.code === 0 && a?.success && a.result) { c.ticket = a.result.ticket; c.acked = text; c.writes++; }
        else failures++;
      }
    };
    const importLoop = async () => {
      while (Date.now() < end) {
        const r = await fetch(`${url}/api/projects/import?name=load.epro`, { method: 'POST', headers: { cookie: importer.cookie, 'x-csrf-token': importer.csrf, 'content-type': 'application/octet-stream' }, body: epro });
        const j = (await r.json()) as { code: number };
        if (j.code === 0) imports++;
        else if (r.status === 429) break; // the hourly import quota: the load keeps going without imports
      }
    };
    // the probe runs in a thread of its own: its timings are the server's, not this process's busy loop
    const probeLoop = () => new Promise<void>((resolve, reject) => {
      const w = new Worker(PROBE, { eval: true, workerData: { url, end } });
      w.on('message', (a: number[]) => { probe.push(...a); resolve(); });
      w.on('error', reject);
    });
    await Promise.all([...clients.map(editLoop), importLoop(), importLoop(), probeLoop()]);
    const memAfter = rssMb(child.pid!);
    const cpuUsed = cpuSeconds(child.pid!) - cpuBefore;
    const mainCpuUsed = cpuSeconds(child.pid!, child.pid!) - mainCpuBefore;
    child.kill('SIGUSR2'); // loop-delay.mjs: write the figures
    while (!existsSync(loopOut)) await new Promise((r) => setTimeout(r, 50));
    const loop = JSON.parse(readFileSync(loopOut, 'utf8')) as { p50: number; p99: number; max: number; utilization: number };

    // no lost edit: every page holds the client's last acknowledged content at its ticket
    let lost = 0;
    for (const c of clients) {
      if (!c.writes) continue;
      const r = await post<Array<{ dataStr: string; ticket: number }>>(url, owner, `/api/projects/${c.project}/read/sheets`, { ids: [c.key] }, c.project);
      const d = r.result?.[0];
      if (!d || d.dataStr !== c.acked || d.ticket !== c.ticket) lost++;
    }
    const writes = clients.reduce((n, c) => n + c.writes, 0);
    report('load', [
      { name: 'load clients', value: CLIENTS, unit: `clients on ${PROJECTS} projects for ${SECONDS} s` },
      { name: 'load acknowledged writes', value: writes, unit: 'writes' },
      { name: 'load failed writes', value: failures, unit: 'writes' },
      { name: 'load lost edits', value: lost, unit: 'edits', goal: '0' },
      { name: 'load write p50', value: pct(latencies, 0.5), unit: 'ms' },
      { name: 'load write p99', value: p99(latencies), unit: 'ms' },
      { name: 'load imports done during the run', value: imports, unit: 'imports' },
      { name: 'load getOnlineVersion p99 during imports', value: p99(probe), unit: 'ms', goal: 'under 50 ms' },
      { name: 'load getOnlineVersion p50 during imports', value: pct(probe, 0.5), unit: 'ms' },
      { name: 'load server CPU during the run', value: cpuUsed, unit: `s of ${SECONDS} s (worker threads included)` },
      { name: 'load server main-thread CPU during the run', value: mainCpuUsed, unit: `s of ${SECONDS} s` },
      { name: 'load server event-loop utilisation', value: loop.utilization, unit: 'of the run (0..1)' },
      { name: 'load server event-loop delay p99', value: loop.p99, unit: `ms (max ${loop.max.toFixed(0)} ms; timer every 10 ms)` },
      { name: 'load machine load average (1 min) at the end', value: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]), unit: 'runnable' },
      { name: 'load server memory before', value: memBefore, unit: 'MB RSS' },
      { name: 'load server memory after', value: memAfter, unit: 'MB RSS' },
    ]);
    if (lost) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
