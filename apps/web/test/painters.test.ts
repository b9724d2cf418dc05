import { describe, expect, it } from 'vitest';
import { paintSvg } from '../src/project/painters.ts';

const EVIL = '<img src=x onerror=alert(1)>';
const empty = () => ({ schematics: new Map(), sheets: new Map(), pcbs: new Map(), panels: new Map(), symbols: new Map(), footprints: new Map(), devices: new Map() });

describe('painter output', () => {
  it('hostile text in a sheet is escaped in the SVG (no element is made from it)', () => {
    const dataStr = [
      '["DOCTYPE","SCH","1.1"]',
      '["HEAD",{"originX":0,"originY":0}]',
      '["FONTSTYLE","st1",null,null,null,20,null,null,null,null,1,1]',
      `["TEXT","e1",10,20,0,${JSON.stringify(EVIL)},"st1",0]`,
      `["ATTR","e2","",${JSON.stringify(EVIL)},${JSON.stringify(EVIL)},1,1,0,0,0,"st1",0]`,
    ].join('\n');
    const svg = paintSvg('sheets', { uuid: 's', dataStr }, empty() as never) ?? '';
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(svg).not.toContain('<img');
  });
  it('kinds without a painter and empty documents give null', () => {
    expect(paintSvg('devices', { uuid: 'd' }, empty() as never)).toBeNull();
    expect(paintSvg('sheets', { uuid: 's', dataStr: '' }, empty() as never)).toBeNull();
  });
});
