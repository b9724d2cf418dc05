/**
 * Names the server stores (issue 11): control characters stripped, then 1..128 UTF-8 bytes (SPEC
 * VAL-9, code 2003). One zod field for every name in a route body.
 */
import { z } from 'zod';
import { TITLE_MAX_BYTES, TITLE_MIN_BYTES, cleanName, utf8ByteLength } from '@copperplate/model';

export const NameField = z
  .string()
  .max(4 * TITLE_MAX_BYTES)
  .transform(cleanName)
  .refine((s) => {
    const n = utf8ByteLength(s);
    return n >= TITLE_MIN_BYTES && n <= TITLE_MAX_BYTES;
  }, { message: `a name is ${TITLE_MIN_BYTES} to ${TITLE_MAX_BYTES} bytes` });
