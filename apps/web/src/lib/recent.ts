/** UI-4: recent projects are non-building-block projects where the user is a member, newest last-open first. */
import type { RecentEntry } from '../api/schemas.ts';

function time(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const n = Number(v);
    return Number.isFinite(n) ? n : Date.parse(v) || 0;
  }
  return 0;
}

function memberIds(e: RecentEntry): string[] {
  const ids: string[] = [];
  for (const m of e.members ?? []) {
    if (typeof m === 'string') ids.push(m);
    else if (m && typeof m === 'object' && typeof (m as { uuid?: unknown }).uuid === 'string') ids.push((m as { uuid: string }).uuid);
  }
  const owner = e.owner as { uuid?: unknown } | string | undefined;
  if (typeof owner === 'string') ids.push(owner);
  else if (owner && typeof owner.uuid === 'string') ids.push(owner.uuid);
  return ids;
}

/** The user's own recent projects (building blocks apart): stuck ones first, then the most recently opened. */
export function recentProjects(entries: RecentEntry[], userUuid: string): RecentEntry[] {
  return entries
    .filter((e) => !e.cbb_project && memberIds(e).includes(userUuid))
    .sort((a, b) => Number(b.stick === true) - Number(a.stick === true) || time(b.timeOfOpenProject) - time(a.timeOfOpenProject));
}

export function formatTime(v: unknown): string {
  const t = time(v);
  if (!t) return '—';
  const d = new Date(t < 1e12 ? t * 1000 : t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
