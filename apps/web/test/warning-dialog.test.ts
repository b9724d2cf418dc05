/**
 * [UI-1] The Warning dialog as the app renders it (server-rendered markup of the real component):
 * title Warning, width 600, no close button, the schematic-qualified names, the table of update
 * content / before-uploading version / updated version / modifier, the tip, the two buttons.
 * e2e/sync.test.ts shows it in the browser after two offline edits.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { WarningDialog, WARNING_TEXT } from '../src/dialogs/WarningDialog.tsx';

describe('the Warning dialog', () => {
  it('[UI-1] title Warning, width 600, not closable, names, the four columns, the tip, Reload from Cloud and Upload Local to Cloud', () => {
    const rows = [
      { kind: 'sheets', id: 'a', name: 'Main/P1', before: 4, after: 7, modifier: 'bob' },
      { kind: 'pcbs', id: 'b', name: 'PCB1', before: 2, after: 3, modifier: '' },
    ];
    const html = renderToStaticMarkup(createElement(WarningDialog, { rows, onChoose: async () => {} }));
    expect(html).toMatch(/<h2[^>]*>Warning<\/h2>/);
    expect(html).toMatch(/role="dialog"[^>]*style="width:600px"/);
    expect(html).not.toContain('aria-label="Close"');
    expect(html.match(/warn-names">(.*?)<\/p>/)![1].replace(/<[^>]+>/g, '')).toBe('Main/P1, PCB1');
    const headers = [...html.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['Update content', 'Before-uploading version', 'Updated version', 'Modifier']);
    const cells = [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(['Main/P1', '4', '7', 'bob', 'PCB1', '2', '3', '—']);
    expect(html).toContain(WARNING_TEXT.tip);
    expect(WARNING_TEXT.tip).toMatch(/Reload from Cloud backs up your local data/);
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(['Reload from Cloud', 'Upload Local to Cloud']);
  });
});
