/**
 * Image fills of panel shapes (issue 19 part 2; EasyEDA's POLY fillColor "data:..." embeds a
 * picture, "blob:<hash>" refers to a project blob): drawn as the picture clipped to the shape, a
 * blob resolved through the caller, a missing or non-image reference hatched, never put in an href.
 */
import { describe, it, expect } from 'vitest';
import { PanelPoly } from '@copperplate/format/records';
import { openDocument } from '@copperplate/editor';
import { PanelEditor, blankPanelText, mm } from '@copperplate/editor/panel/editor';
import { panelSvg } from '@copperplate/convert/panel/index';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function panelWithFill(fill: string): PanelEditor {
  const ed = new PanelEditor(openDocument(blankPanelText({ width: 80, height: 40 })));
  const k = ed.addPrintRect(mm(10), mm(10), mm(20), mm(10));
  ed.doc.commit('fill', (tx) => tx.update(k, (r) => PanelPoly.with(r, { fillColor: fill, displayFill: true })));
  return ed;
}

describe('panel image fills', () => {
  it('[issue-19] an embedded picture is drawn over the shape\'s box, clipped to the shape', () => {
    const svg = panelSvg(panelWithFill(PNG).model, { mode: 'picture' });
    expect(svg).toContain('data-image="yes"');
    expect(svg).toContain(`<image href="${PNG}"`);
    expect(svg).toMatch(/clip-path="url\(#clip-[^"]+\)"/);
  });

  it('[issue-19] a blob reference is resolved through the project\'s blobs; unresolved, it is hatched', () => {
    const ed = panelWithFill('blob:abc123');
    expect(panelSvg(ed.model, { mode: 'picture' })).toContain('data-image="missing"');
    const svg = panelSvg(ed.model, { mode: 'picture', image: (h) => (h === 'abc123' ? PNG : undefined) });
    expect(svg).toContain('data-image="yes"');
  });

  it('[issue-19] a fill that is not an image data URL never becomes an href', () => {
    const svg = panelSvg(panelWithFill('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==').model, { mode: 'picture' });
    expect(svg).toContain('data-image="missing"');
    expect(svg).not.toContain('href=');
  });
});
