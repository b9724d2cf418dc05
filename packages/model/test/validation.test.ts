import { describe, it, expect } from 'vitest';
import {
  validateSheet,
  validateSchematic,
  validatePcb,
  validatePanel,
  validateSymbol,
  validateFootprint,
  validateDevice,
  validateBlob,
  validateCopperPour,
  validateFont,
  validateBlockSymbolAttribute,
  createProject,
  checkName,
  checkDocumentSize,
  areTagsWellFormed,
  CatalogueError,
  NAMED_ERRORS,
  DocType,
  DOCUMENT_MAX_BYTES,
  formatMessage,
} from '../src/index.ts';

const P = 'ced23b6aad5f4bdaab3778c18fdc91bf';
const U = 'c32a7a3a570246e583ee9f3d27ba22e7';
const sheet = (o: Record<string, unknown> = {}) => ({ uuid: U, project_uuid: P, schematic_uuid: P, ticket: 1, title: 'P1', display_title: 'P1', sheet_id: 1, dataStr: '["DOCTYPE","SCH","1.1"]', ...o });
const symbol = (o: Record<string, unknown> = {}) => ({ uuid: U, project_uuid: P, ticket: 1, title: 'R', display_title: 'R', docType: DocType.PART, source: 'a|b', version: '1', tags: { parent_tag: [], child_tag: [] }, custom_tags: '[]', ...o });
const footprint = (o: Record<string, unknown> = {}) => symbol({ docType: DocType.FOOTPRINT, ...o });
const device = (o: Record<string, unknown> = {}) => ({ uuid: U, project_uuid: P, ticket: 1, title: 'D', display_title: 'D', source: '', version: '1', attributes: { Symbol: 'S', Footprint: 'F' }, ...o });

function thrown(f: () => unknown): CatalogueError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogueError);
    return e as CatalogueError;
  }
  throw new Error('did not throw');
}

describe('validation before local storage', () => {
  it('[VAL-1] the project id must match the store project', () => {
    expect(validateSheet(sheet(), { projectUuid: P }).value.uuid).toBe(U);
    expect(thrown(() => validateSheet(sheet(), { projectUuid: 'other' })).message).toBe(formatMessage(NAMED_ERRORS.PROJECT_MISMATCH, { actual: P, expected: 'other' }));
    expect(() => validateSymbol(symbol(), { projectUuid: 'x' })).toThrow(CatalogueError);
    expect(() => validateCopperPour({ path: `${P}_0`, project_uuid: P, ticket: 1, dataStr: '' }, { projectUuid: 'x' })).toThrow(CatalogueError);
  });
  it('[VAL-2] uuid, project_uuid and title are strings; ticket is a number', () => {
    expect(thrown(() => validateSheet(sheet({ uuid: 5 }))).message).toBe('uuid must be a string');
    expect(thrown(() => validateSheet(sheet({ project_uuid: undefined }))).message).toBe('project_uuid must be a string');
    expect(thrown(() => validateSheet(sheet({ title: 3 }))).message).toBe('title must be a string');
    expect(thrown(() => validateSheet(sheet({ ticket: '1' }))).message).toBe('ticket must be a number');
    expect(thrown(() => validatePcb(sheet({ ticket: NaN }))).message).toBe('ticket must be a number');
    expect(thrown(() => validateSheet(null)).message).toBe('sheet must be an object');
    expect(thrown(() => validateSheet([1])).message).toBe('sheet must be an object');
    expect(thrown(() => validateSheet(sheet({ sheet_id: 'x' }))).code).toBe('ILLEGAL_FIELD');
  });
  it('[VAL-3] title must equal the normalised display_title', () => {
    expect(validateSheet(sheet({ title: 'My Sheet', display_title: '  My   Sheet ' })).value.title).toBe('My Sheet');
    const e = thrown(() => validateSheet(sheet({ title: 'A', display_title: 'B' })));
    expect(e.message).toBe('title A is inconsistent with display_title B');
    expect(() => validateSchematic({ uuid: P, project_uuid: P, ticket: 1, name: 'S', display_name: 'T' })).toThrow('title S is inconsistent with display_title T');
    expect(validateSchematic({ uuid: P, project_uuid: P, ticket: 1, name: 'S', display_name: ' S' }).value.sort).toEqual([]);
    expect(() => validatePcb(sheet({ title: 'x', display_title: 'y' }))).toThrow('inconsistent');
  });
  it('[VAL-4] docType checks', () => {
    expect(validateSheet(sheet({ docType: DocType.SCH })).value.docType).toBe(1);
    expect(validateSheet(sheet()).value.docType).toBe(1); // missing: filled in
    expect(thrown(() => validateSheet(sheet({ docType: DocType.PCB }))).code).toBe('ILLEGAL_DOC_TYPE');
    expect(validatePcb(sheet({ docType: 3 })).value.docType).toBe(3);
    expect(() => validatePcb(sheet({ docType: 26 }))).toThrow('Illegal docType 26 of PCB');
    expect(validatePanel(sheet({ docType: 26 })).value.docType).toBe(26);
    expect(() => validatePanel(sheet({ docType: 3 }))).toThrow('Illegal docType 3 of Panel');
    expect(() => validateFootprint(footprint({ docType: 2 }))).toThrow('Illegal docType 2 of Footprint');
    for (const t of [2, 17, 18, 19, 20, 22]) expect(validateSymbol(symbol({ docType: t })).value.docType).toBe(t);
    expect(() => validateSymbol(symbol({ docType: 4 }))).toThrow('Illegal docType 4 of Symbol');
    expect(() => validateSymbol(symbol({ docType: undefined }))).toThrow('Illegal docType');
  });
  it('[VAL-4] tags must be well formed', () => {
    expect(areTagsWellFormed({ parent_tag: [{ uuid: 'a', name: 'b' }], child_tag: [] }, '["x"]')).toBe(true);
    expect(areTagsWellFormed(undefined, undefined)).toBe(true);
    expect(areTagsWellFormed({ parent_tag: 'x', child_tag: [] })).toBe(false);
    expect(areTagsWellFormed({ parent_tag: [{ uuid: 1 }], child_tag: [] })).toBe(false);
    expect(areTagsWellFormed({ parent_tag: [] })).toBe(false);
    expect(areTagsWellFormed(undefined, '[1]')).toBe(false);
    expect(areTagsWellFormed(undefined, '{bad')).toBe(false);
    expect(areTagsWellFormed(undefined, ['a'])).toBe(true);
    expect(() => validateSymbol(symbol({ tags: { parent_tag: 1, child_tag: [] } }))).toThrow('Illegal tags of R');
    expect(() => validateDevice(device({ custom_tags: 'nope' }))).toThrow('Illegal tags of D');
    expect(() => validateFootprint(footprint({ tags: [] }))).toThrow('Illegal tags');
  });
  it('[VAL-5] an illegal symbol/device source is set to the uuid; a footprint throws', () => {
    const s = validateSymbol(symbol({ source: 'a|b|c' }));
    expect(s.value.source).toBe(U);
    expect(s.warnings).toEqual(["Device's source is illegal"]);
    expect(validateSymbol(symbol({ source: 'a|b' })).warnings).toEqual([]);
    const d = validateDevice(device({ source: '|x' }));
    expect(d.value.source).toBe(U);
    expect(d.warnings).toEqual([NAMED_ERRORS.DEVICE_SOURCE_ILLEGAL]);
    expect(() => validateFootprint(footprint({ source: 'a||' }))).toThrow("Footprint's source is illegal");
    expect(validateFootprint(footprint({ source: '' })).value.source).toBe('');
  });
  it('[VAL-6] a device symbol and footprint differ and exist', () => {
    const has = (ids: string[]) => (id: string) => ids.includes(id);
    expect(validateDevice(device(), { symbolExists: has(['S']), footprintExists: has(['F']) }).value.attributes.Symbol).toBe('S');
    expect(() => validateDevice(device({ attributes: { Symbol: 'Z', Footprint: 'Z' } }))).toThrow('Symbol and Footprint have the same uuid!');
    expect(() => validateDevice(device(), { symbolExists: has([]), footprintExists: has(['F']) })).toThrow('The symbol associated with the device does not exist!');
    expect(() => validateDevice(device(), { symbolExists: has(['S']), footprintExists: has([]) })).toThrow('The footprint associated with the device does not exist!');
    // a device without a footprint (drawing frame) is fine
    expect(validateDevice(device({ attributes: { Symbol: 'S', Footprint: '' } }), { symbolExists: has(['S']), footprintExists: has([]) }).warnings).toEqual([]);
  });
  it('[VAL-7] blob filename is a string; a project uuid is required to create a project', () => {
    expect(validateBlob({ hash: 'h', filename: 'a.png', ticket: 1, dataStr: 'x' }).value.filename).toBe('a.png');
    expect(() => validateBlob({ hash: 'h', filename: 3, ticket: 1 })).toThrow('filename must be a string');
    expect(createProject({ uuid: P, title: 'T' }).boards).toEqual([]);
    expect(() => createProject({ title: 'T' })).toThrow('A project uuid is required');
    expect(() => createProject({ uuid: '', title: 'T' })).toThrow('A project uuid is required');
    expect(() => createProject('x')).toThrow(CatalogueError);
  });
  it('[VAL-8] control characters are stripped from text values before checks', () => {
    const v = validateSheet(sheet({ title: 'P\u00011', display_title: 'P1\u0007', dataStr: 'a\nb' })).value;
    expect(v.title).toBe('P1');
    expect(v.display_title).toBe('P1');
    expect(v.dataStr).toBe('a\nb');
    const s = validateSymbol(symbol({ description: 'x\u0000y', tags: { parent_tag: [{ uuid: 'u', name: 'n\u0003' }], child_tag: [] } })).value;
    expect(s.description).toBe('xy');
    expect(s.tags?.parent_tag[0].name).toBe('n');
  });
  it('[VAL-9] a document name is 1 to 128 bytes (2003)', () => {
    expect(() => checkName('', 'Sheet name')).toThrow('The Sheet name length must be 1~128 bytes!');
    expect(() => checkName('a'.repeat(129))).toThrow('length must be 1~128 bytes!');
    expect(() => checkName('a'.repeat(128))).not.toThrow();
    expect(() => checkName('最'.repeat(43))).toThrow(); // 129 bytes
    expect(() => checkName('最'.repeat(42) + 'ab')).not.toThrow(); // 128 bytes
    expect(thrown(() => validateSheet(sheet({ title: 'x'.repeat(129), display_title: 'x'.repeat(129) }))).code).toBe(2003);
    expect(thrown(() => validateSchematic({ uuid: P, project_uuid: P, ticket: 1, name: '', display_name: '' })).code).toBe(2003);
  });
  it('[VAL-9] a document over 15 MB is too big (10034)', () => {
    const big = 'x'.repeat(DOCUMENT_MAX_BYTES + 1);
    expect(() => checkDocumentSize('x'.repeat(DOCUMENT_MAX_BYTES), 'PCB1')).not.toThrow();
    expect(() => checkDocumentSize(big, 'PCB1')).toThrow('Document PCB1 size over 15MB, it is too big to save in the server, please modify and then try again');
    // multi-byte: 5.3M characters of 3 bytes each is over 15 MB
    expect(() => checkDocumentSize('最'.repeat(Math.ceil(DOCUMENT_MAX_BYTES / 3) + 1), 'S')).toThrow(CatalogueError);
    expect(thrown(() => validatePcb(sheet({ dataStr: big }))).code).toBe(10034);
    expect(thrown(() => validateFont({ path: `${P}_0`, project_uuid: P, ticket: 1, dataStr: big })).code).toBe(10034);
  });
  it('[NAME-1] validation fills default titles and version', () => {
    const s = validateSymbol(symbol({ title: '', display_title: '', version: '' })).value;
    expect(s.title).toMatch(/^Symbol_/);
    expect(s.display_title).toBe(s.title);
    expect(s.version).toBe('1');
    expect(validateFootprint(footprint({ title: undefined, display_title: undefined })).value.title).toMatch(/^Footprint_/);
    expect(validateDevice(device({ title: '', display_title: '' })).value.title).toMatch(/^Device_/);
    expect(validateDevice(device({ title: '', display_title: ' Res  10k ' })).value.title).toBe('Res 10k');
  });
  it('[ENT-1] attribute, pour and font keyed by path', () => {
    expect(validateBlockSymbolAttribute({ path: 'a/b', project_uuid: P, hash: 12, ticket: 1, attr: { x: 1 } }).value.hash).toBe(12);
    expect(() => validateBlockSymbolAttribute({ path: 'a/b', project_uuid: P, hash: '12', ticket: 1, attr: {} })).toThrow('hash must be a number');
    expect(validateCopperPour({ path: `${P}_0`, project_uuid: P, ticket: 1, dataStr: '' }).value.path).toBe(`${P}_0`);
    expect(() => validateCopperPour({ path: P, project_uuid: P, ticket: 1, dataStr: '' })).toThrow(CatalogueError);
  });
});

describe('validation leaves its input alone', () => {
  it('[VAL-8] [NAME-1] the input object is not mutated', () => {
    class Rec {
      uuid = U;
      project_uuid = P;
      ticket = 1;
      title = '';
      display_title = '';
      docType = DocType.PART;
      version = '';
    }
    const r = new Rec();
    const v = validateSymbol(r).value;
    expect(v.title).toMatch(/^Symbol_/);
    expect(r.title).toBe('');
    expect(r.version).toBe('');
  });
});
