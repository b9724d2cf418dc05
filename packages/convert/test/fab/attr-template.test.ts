/**
 * A PCB component's shown attribute as EasyEDA shows it: five real boards (ROS_CAR, the ChisFlash
 * cartridges) put a `Name` of `={Manufacturer Part}` on the silkscreen, and two a shown `Device`
 * attribute. Before, the silkscreen Gerber and the PCB render printed the template and the uuid as
 * they are; now the part number and the device's title, exactly as if those had been typed.
 */
import { describe, expect, it } from 'vitest';
import { fabBoard, type FabInput } from '@copperplate/convert';

const DEV = 'b5a839e1373044cc8c3ed11763abf43c';

/** A board with one component and one shown ATTR on the top silkscreen (the record layout of a real export). */
function board(key: string, value: string, custom: Record<string, string> = {}): unknown[][] {
  return [
    ['LAYER', 1, 'TOP', 'Top', 3], ['LAYER', 3, 'TOP_SILK', 'Top Silk', 3],
    ['POLY', 'o', 0, '', 11, 10, ['R', -1000, 1000, 2000, 2000, 0, 0], 0],
    ['COMPONENT', 'e15', 0, 1, -565, 280, 180, { 'Unique ID': 'gge33', ...custom }, 0],
    ['ATTR', 'e15e0', 0, 'e15', 3, -316, -331, 'Device', DEV, 0, 0, 'default', 45, 6, 0, 0, 3, 180, 0, 0, 0, 0],
    ['ATTR', 'e15e1', 0, 'e15', 3, -231, -59, 'Designator', 'U4', 0, 0, 'default', 45, 6, 0, 0, 3, 180, 0, 0, 0, 0],
    ['ATTR', 'e15e2', 0, 'e15', 3, -745, 275, key, value, 0, 1, 'default', 45, 6, 0, 0, 3, 0, 0, 0, 0, 0],
  ];
}
const project: FabInput['project'] = { devices: { [DEV]: { title: 'S29GL256N10TFI010', attributes: { 'Manufacturer Part': 'EPM240T100C5N', Footprint: 'fp1' } } } };
const silk = (records: unknown[][]) => fabBoard({ name: 'b', records, project }).strokes.filter((s) => s.layer === 3).map((s) => JSON.stringify(s.c));

describe('PCB attribute templates and reference uuids on the silkscreen (the painter: editor test/pcb/attr-template)', () => {
  it('`={Manufacturer Part}` reads the part number of the device ', () => {
    const literal = board('Name', 'EPM240T100C5N');
    const template = board('Name', '={Manufacturer Part}');
    expect(silk(template).length).toBeGreaterThan(0);
    expect(silk(template)).toEqual(silk(literal));
  });
  it("the COMPONENT's own attribute object wins over the device", () => {
    expect(silk(board('Name', '={Manufacturer Part}', { 'Manufacturer Part': 'XC7A35T' }))).toEqual(silk(board('Name', 'XC7A35T')));
  });
  it('a shown Device attribute reads as the device title, not its uuid', () => {
    const shown = board('Device', DEV);
    expect(silk(shown)).toEqual(silk(board('Name', 'S29GL256N10TFI010')));
  });
});
