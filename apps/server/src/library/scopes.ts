/**
 * Who sees which library items, as SQL (ENT-2): only owner 3 counts as public; a personal item (0)
 * is seen by its owner, a team item (1) by the team's members, the system library (2) by everyone.
 * `$V1` is the viewer's uuid, `$V2` their teams (store.ts `visible` numbers them). The one place
 * this is written: the detail and key reads, the search and the search's presence check use it.
 */
import { LIB_OWNER } from '@copperplate/library';

/** Items of users' libraries (not the system's) the viewer sees. */
export const USER_VISIBLE = `(owner = ${LIB_OWNER.PUBLIC} or (owner = ${LIB_OWNER.PERSONAL} and owner_uuid = $V1) or (owner = ${LIB_OWNER.TEAM} and owner_uuid = any($V2::text[])))`;
/** Every item the viewer sees: the system library and USER_VISIBLE. */
export const VISIBLE = `(owner = ${LIB_OWNER.SYSTEM} or ${USER_VISIBLE})`;
