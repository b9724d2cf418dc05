/** The local ticket rules of SPEC §4 (TKT-1..5). */

/** TKT-2: the first local edit sets the ticket to -1; each further edit subtracts 1. */
export function editedTicket(ticket: number): number {
  return ticket > 0 ? -1 : ticket - 1;
}

/** TKT-3: items with ticket 0 or below are pending upload. */
export function isPending(ticket: number): boolean {
  return ticket <= 0;
}

/** TKT-1 / TKT-5: a positive ticket is an uploaded unchanged item; a negative one was edited locally and not uploaded. */
export function isUploaded(ticket: number): boolean {
  return ticket > 0;
}

/** TKT-4: per-item upload status. The entry is removed on success. */
export const UPLOAD_STATUS = { UPLOADING: 0, FAILED: 1 } as const;
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];
