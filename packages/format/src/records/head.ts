/** HEAD: document header object (editorVersion, uuid, title, maxId, symbolType, originX/Y, ...). */
import { defineRecord, fJson, type Parsed } from './field.ts';

export interface HeadProps {
  editorVersion?: unknown; uuid?: unknown; title?: unknown; source?: unknown; maxId?: unknown;
  /** Symbols: 2 normal, 18 net flag, 19 net port, 20 drawing frame, 22 short. */
  symbolType?: unknown; originX?: unknown; originY?: unknown; version?: unknown; [k: string]: unknown;
}

export const Head = defineRecord('HEAD', 'any', {
  props: fJson<HeadProps>(1),
});
export type Head = Parsed<typeof Head.fields>;
