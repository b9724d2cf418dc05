/**
 * Runs ngspice (the Debian package) in batch mode in a child process: `ngspice -b -r out.raw in.cir`
 * in a fresh temporary folder (cwd and HOME there: no .spiceinit of the host is read), with a time
 * limit (the process group is killed), a memory limit (`ulimit -v`) and an output-size limit
 * (`ulimit -f`), and a cap on runs at once. The raw file is parsed by @copperplate/spice; ngspice's
 * messages become catalogue errors naming the part or net. Used by the server's SPICE calls and by
 * `copperplate simulate`.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueError } from '@copperplate/model';
import { diagnose, firstError, parseRaw, type NameMaps, type Plot } from '@copperplate/spice';

export const SPICE_LIMITS = {
  /** Wall-clock time of one run. */
  timeoutMs: 30_000,
  /** Virtual memory of the ngspice process. */
  memoryMb: 1024,
  /** Size of the raw (results) file. */
  rawBytes: 256 * 1024 * 1024,
  /** Runs at once (the rest wait). */
  concurrent: 2,
};

export interface NgspiceRun {
  plots: Plot[];
  /** ngspice's stdout and stderr. */
  log: string;
  /** The raw file as written. */
  raw: Uint8Array;
  ms: number;
}

export interface NgspiceOptions extends NameMaps {
  timeoutMs?: number;
  memoryMb?: number;
  rawBytes?: number;
  /** Folder the netlist's relative .include paths resolve from (CLI); default a fresh temporary folder. */
  cwd?: string;
}

let binary: string | null | undefined;
/** The ngspice executable, or null when it is not installed. */
export function ngspicePath(): string | null {
  if (binary !== undefined) return binary;
  binary = null;
  for (const p of ['/usr/bin/ngspice', '/usr/local/bin/ngspice']) if (existsSync(p)) return (binary = p);
  try { binary = execFileSync('sh', ['-c', 'command -v ngspice'], { encoding: 'utf8' }).trim() || null; } catch { binary = null; }
  return binary;
}

let running = 0;
const waiting: Array<() => void> = [];
/** A turn among the runs at once (SPICE_LIMITS.concurrent); call the function it gives back when done. The server takes it on its own thread before a run in a worker thread. */
export async function spiceSlot(): Promise<() => void> {
  if (running >= SPICE_LIMITS.concurrent) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => { running--; waiting.shift()?.(); };
}

/** Runs a netlist through ngspice; throws a CatalogueError (SPICE_*) when it cannot. */
export async function runNgspice(netlist: string, opts: NgspiceOptions = {}): Promise<NgspiceRun> {
  const exe = ngspicePath();
  if (!exe) throw CatalogueError.named('SPICE_ENGINE_MISSING');
  const timeoutMs = opts.timeoutMs ?? SPICE_LIMITS.timeoutMs;
  const memoryKb = Math.round((opts.memoryMb ?? SPICE_LIMITS.memoryMb) * 1024);
  const rawBytes = opts.rawBytes ?? SPICE_LIMITS.rawBytes;
  const release = await spiceSlot();
  const dir = mkdtempSync(join(tmpdir(), 'copperplate-spice-'));
  try {
    const cir = join(dir, 'in.cir'), raw = join(dir, 'out.raw');
    writeFileSync(cir, netlist.endsWith('\n') ? netlist : netlist + '\n');
    const t0 = performance.now();
    // dash's ulimit -f counts 512-byte blocks
    const script = `ulimit -v ${memoryKb} 2>/dev/null; ulimit -f ${Math.ceil(rawBytes / 512)} 2>/dev/null; exec "$0" -b -r "$1" "$2"`;
    const { code, signal, log, timedOut } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; log: string; timedOut: boolean }>((resolve, reject) => {
      const child = spawn('sh', ['-c', script, exe, raw, cir], {
        cwd: opts.cwd ?? dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LANG: 'C' },
      });
      let out = '';
      const add = (b: Buffer) => { if (out.length < 1_000_000) out += b.toString('utf8'); };
      child.stdout.on('data', add);
      child.stderr.on('data', add);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try { process.kill(-child.pid!, 'SIGKILL'); } catch { child.kill('SIGKILL'); }
      }, timeoutMs);
      child.on('error', (e) => { clearTimeout(timer); reject(e); });
      child.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal, log: out, timedOut }); });
    });
    const ms = performance.now() - t0;
    if (timedOut) throw CatalogueError.named('SPICE_TIMEOUT', { seconds: Math.round(timeoutMs / 100) / 10 });
    const named = diagnose(log, opts);
    if (named) throw named;
    if (signal === 'SIGXFSZ' || (existsSync(raw) && statSync(raw).size >= rawBytes)) throw CatalogueError.named('SPICE_TOO_BIG', { limit: `${Math.round(rawBytes / 1048576)} MB`, what: 'results' });
    if (/out of memory|cannot allocate|bad_alloc/i.test(log) || signal === 'SIGSEGV' || signal === 'SIGABRT') {
      throw CatalogueError.named('SPICE_TOO_BIG', { limit: `${Math.round(memoryKb / 1024)} MB`, what: 'memory' });
    }
    if (!existsSync(raw)) throw CatalogueError.named('SPICE_FAILED', { reason: firstError(log) || `exit code ${code}` });
    const bytes = new Uint8Array(readFileSync(raw));
    let plots: Plot[];
    try { plots = parseRaw(bytes); } catch (e) { throw CatalogueError.named('SPICE_FAILED', { reason: (e as Error).message }); }
    if (!plots.length) throw CatalogueError.named('SPICE_FAILED', { reason: firstError(log) || 'no results' });
    return { plots, log, raw: bytes, ms };
  } finally {
    release();
    rmSync(dir, { recursive: true, force: true });
  }
}
