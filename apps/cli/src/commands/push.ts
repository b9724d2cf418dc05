/**
 * `copperplate push FILE.epro --server URL --user U --password P`: uploads a project; the last line is its uuid.
 * With `--into PROJECT` the archive is reimported into that existing project (IMP-2): the counts,
 * the adjustments and the backup taken before are printed, the project's uuid last.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { NAMED_ERRORS } from '@copperplate/model';
import type { Command } from '../commands.ts';

/** A cookie-keeping HTTP session against a Copperplate server (CLI side). */
export class ServerSession {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: Uint8Array | object): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('cp_csrf');
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    let payload: BodyInit | undefined;
    if (body instanceof Uint8Array) {
      headers['content-type'] = 'application/octet-stream';
      payload = body as unknown as BodyInit;
    } else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(new URL(path, this.base), { method, headers, body: payload });
    } catch {
      throw new Error(NAMED_ERRORS.NETWORK_ERROR_ANSWER);
    }
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    return res;
  }

  /** The result of an envelope answer; throws its message on failure. */
  async call<T>(method: string, path: string, body?: Uint8Array | object): Promise<T> {
    const res = await this.request(method, path, body);
    return envelopeResult<T>(res);
  }

  async login(user: string, password: string): Promise<void> {
    await this.call('POST', '/api/auth/login', { username: user, password });
  }
}

export async function envelopeResult<T>(res: Response): Promise<T> {
  let j: { code?: number; result?: T; message?: string };
  try {
    j = (await res.json()) as typeof j;
  } catch {
    throw new Error(NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  }
  if (j.code !== 0) throw new Error(j.message ?? NAMED_ERRORS.NETWORK_ERROR_ANSWER);
  return j.result as T;
}

export const serverOptions = { server: { type: 'string' }, user: { type: 'string' }, password: { type: 'string' } } as const;

export const push: Command = {
  name: 'push',
  usage: 'push FILE.epro [--into PROJECT] --server URL --user U --password P',
  summary: 'upload an .epro as a new project (prints its uuid last); --into PROJECT reimports it into that project',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...serverOptions, into: { type: 'string' } } });
    const [file] = positionals;
    if (!file || !values.server || !values.user || values.password === undefined) {
      console.error(`Usage: copperplate ${this.usage}`);
      return 2;
    }
    const bytes = new Uint8Array(readFileSync(file));
    const s = new ServerSession(values.server);
    await s.login(values.user, values.password);
    if (values.into) return reimport(s, values.into, file, bytes);
    const r = await s.call<{ uuid: string; report: { ok: boolean; text: string } }>('POST', `/api/projects/import?name=${encodeURIComponent(basename(file))}`, bytes);
    if (!r.report.ok) console.error(r.report.text);
    console.log(r.uuid);
    return 0;
  },
};

type ReimportAnswer = { report: { ok: boolean; text: string }; counts: { added: number; updated: number; unchanged: number; kept: number }; adjustments: string[]; backup: { id: string; name: string } };

/** `push FILE --into PROJECT`: reimports the archive into the project. */
async function reimport(s: ServerSession, project: string, file: string, bytes: Uint8Array): Promise<number> {
  const r = await s.call<ReimportAnswer>('POST', `/api/projects/${encodeURIComponent(project)}/reimport?name=${encodeURIComponent(basename(file))}`, bytes);
  if (!r.report.ok) console.error(r.report.text);
  const c = r.counts;
  console.log(`added ${c.added}, updated ${c.updated}, unchanged ${c.unchanged}, kept ${c.kept}`);
  for (const a of r.adjustments) console.log(a);
  console.log(`backup: ${r.backup.name} (${r.backup.id})`);
  console.log(project);
  return 0;
}
