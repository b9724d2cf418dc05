/**
 * [CALL-8] A failed update shows an error toast (the engine's 'upload-error' event, which the web app
 * turns into a toast) with the message mapped from the code, else the server's message.
 */
import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES, NAMED_ERRORS } from '@copperplate/model';
import { toastMessage } from '@copperplate/sync';
import { doc, setup, sheet } from './helpers.ts';

describe('upload failure toast', () => {
  it('[CALL-8] a failed update toasts the catalogue message of its code, not the server\'s; an unknown code toasts the server\'s', async () => {
    const { server, engine, clock, events, P } = setup();
    const s = await engine.openProject(P);
    let code = 2002;
    server.script = (op) => (op === 'bulk' ? { success: true, result: [{ success: false, code, message: `server text ${code}` }] } : undefined);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(1500);
    expect(events('upload-error')[0]).toMatchObject({ code: 2002, message: CODE_MESSAGES[2002] });
    code = 777;
    await clock.advance(1500);
    expect(events('upload-error').at(-1)).toMatchObject({ code: 777, message: 'server text 777' });
  });

  it('[CALL-8] a catalogue template the server fills ({documentName}) shows the server\'s filled message', () => {
    expect(toastMessage(2003, 'The Sheet name length must be 1~128 bytes!')).toBe('The Sheet name length must be 1~128 bytes!');
    expect(toastMessage(1000002, 'anything')).toBe(CODE_MESSAGES[1000002]);
    expect(toastMessage(undefined, undefined)).toBe(NAMED_ERRORS.UPLOAD_FAILED);
  });
});
