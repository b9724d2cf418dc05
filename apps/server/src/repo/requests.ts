/** SQL for idempotent retries: the stored answer of an applied request id. */
import type { Queryable } from '../db.ts';

export async function storedAnswer(q: Queryable, userUuid: string, requestId: string): Promise<unknown | undefined> {
  const r = await q.query<{ answer: unknown }>('select answer from requests where user_uuid = $1 and request_id = $2', [userUuid, requestId]);
  return r[0]?.answer;
}

export async function storeAnswer(q: Queryable, userUuid: string, requestId: string, projectUuid: string, answer: unknown): Promise<void> {
  await q.query('insert into requests (user_uuid, request_id, project_uuid, answer) values ($1, $2, $3, $4)', [userUuid, requestId, projectUuid, JSON.stringify(answer)]);
}

export async function pruneAnswers(q: Queryable, olderThanHours: number): Promise<void> {
  await q.query(`delete from requests where created_at < now() - ($1 || ' hours')::interval`, [String(olderThanHours)]);
}
