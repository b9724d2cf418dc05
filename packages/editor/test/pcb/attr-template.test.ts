/**
 * The PCB painter shows a component's attribute as the fabrication silkscreen does (convert's
 * test/fab/attr-template): `={Manufacturer Part}` as the part number, a shown Device by its title.
 * Real boards (ROS_CAR, ChisFlash) showed the template text and a uuid.
 */
import { describe, expect, it } from 'vitest';
import { PcbScene, type PcbProject } from '../../src/pcb/scene.ts';

const DEV = 'b5a839e1373044cc8c3ed11763abf43c';
const project: PcbProject = { devices: { [DEV]: { title: 'S29GL256N10TFI010', attributes: { 'Manufacturer Part': 'EPM240T100C5N' } } } };

function board(key: string, value: string): unknown[][] {
  return [
    ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 3, 'TOP_SILK', 'Top Silk', 3],
    ['COMPONENT', 'e15', 0, 1, -565, 280, 180, { 'Unique ID': 'gge33' }, 0],
    ['ATTR', 'e15e0', 0, 'e15', 3, -316, -331, 'Device', DEV, 0, 0, 'default', 45, 6, 0, 0, 3, 180, 0, 0, 0, 0],
    ['ATTR', 'e15e2', 0, 'e15', 3, -745, 275, key, value, 0, 1, 'default', 45, 6, 0, 0, 3, 0, 0, 0, 0, 0],
  ];
}
const painted = (records: unknown[][]) => {
  const scene = new PcbScene({ docType: 'PCB', records: records as never, keys: records.map((_, i) => `k${i}`), project });
  const ps = scene.prims.get(`k${records.length - 1}`) ?? [];
  expect(ps.length).toBeGreaterThan(0);
  return JSON.stringify(ps.map((p) => [p.strokes, p.contours, p.box]));
};

describe('PCB painter: attribute templates and reference uuids', () => {
  it('`={Manufacturer Part}` is drawn as the device\'s part number', () => {
    expect(painted(board('Name', '={Manufacturer Part}'))).toEqual(painted(board('Name', 'EPM240T100C5N')));
  });
  it('a shown Device attribute is drawn as the device title', () => {
    expect(painted(board('Device', DEV))).toEqual(painted(board('Name', 'S29GL256N10TFI010')));
  });
});
