/** The last signed-in user of this browser, so that a reload while offline keeps the session's UI. */
import { UserSchema, type User } from '../api/schemas.ts';

const KEY = 'copperplate:user';

export function rememberUser(u: User | null): void {
  try {
    if (u) localStorage.setItem(KEY, JSON.stringify({ uuid: u.uuid, username: u.username, nickname: u.nickname }));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage denied */
  }
}

export function rememberedUser(): User | null {
  try {
    const r = UserSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
