/**
 * SQL for idempotent retries: the stored answer of an applied request, scoped by user, project and
 * call (method and path), so that one request id used on two projects or two calls never meets the
 * other's answer.
 */
import type { Queryable } from '../db.ts';

/** Where a request id is valid: who sent it, to which project, on which call. */
export interface RequestScope { userUuid: string; projectUuid: string; call: string; requestId: string }

export async function storedAnswer(q: Queryable, s: RequestScope): Promise<unknown | undefined> {
  const r = await q.query<{ answer: unknown }>(
    'select answer from requests where user_uuid = $1 and project_uuid = $2 and call = $3 and request_id = $4',
    [s.userUuid, s.projectUuid, s.call, s.requestId],
  );
  return r[0]?.answer;
}

export async function storeAnswer(q: Queryable, s: RequestScope, answer: unknown): Promise<void> {
  await q.query(
    'insert into requests (user_uuid, project_uuid, call, request_id, answer) values ($1, $2, $3, $4, $5)',
    [s.userUuid, s.projectUuid, s.call, s.requestId, JSON.stringify(answer)],
  );
}

export async function pruneAnswers(q: Queryable, olderThanHours: number): Promise<void> {
  await q.query(`delete from requests where created_at < now() - ($1 || ' hours')::interval`, [String(olderThanHours)]);
}
