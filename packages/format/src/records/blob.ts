/** BLOB: the record of a BLOB document (.eblob): an archive file by id, its file name and its content as a data URL. */
import { defineRecord, fStr, type Parsed } from './field.ts';

export const BlobRec = defineRecord('BLOB', 'any', {
  id: fStr(1, 'id'),
  filename: fStr(2, 'filename'),
  content: fStr(3, 'content'),
});
export type BlobRec = Parsed<typeof BlobRec.fields>;
