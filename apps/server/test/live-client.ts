/** A test client of the live channel (WebSocket /api/projects/:uuid/live): collects the messages, waits for one. */
import WebSocket from 'ws';
import type { Client } from './client.ts';

export type LiveClient = { ws: WebSocket; messages: Array<Record<string, unknown>>; next(pred: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>> };

/** Opens the live channel of a project as `c`; collects the messages. */
export async function live(base: string, pid: string, c: Client): Promise<LiveClient> {
  const ws = new WebSocket(base.replace('http', 'ws') + `/api/projects/${pid}/live`, { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (d: Buffer) => {
    messages.push(JSON.parse(d.toString()) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
  });
  return {
    ws,
    messages,
    async next(pred, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const m = messages.find(pred);
        if (m) return m;
        if (Date.now() > end) throw new Error(`no matching live message; got ${JSON.stringify(messages)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
  };
}

