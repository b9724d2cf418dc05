/** A .epcb holding FOOTPRINT blocks before its PCB block (FORMAT.md): the editor edits the PCB block. */
import { describe, it, expect } from 'vitest';
import { parseDocuments, mainBlock } from '@copperplate/format';
import { EditorDocument, openDocument, serializeDocument } from '@copperplate/editor';
import { sceneInputOf } from '@copperplate/editor/pcb/load';
import { fixture } from './fixtures.ts';

function flipPcbText(): string {
  const a = fixture('FLIP_C3');
  const k = [...a.entries.keys()].find((p) => p.startsWith('PCB/') && p.endsWith('.epcb'))!;
  return a.entries.get(k) as string;
}

describe('a PCB file with footprint blocks first', () => {
  it('[issue-10] the document is the PCB block; an unchanged document writes back the same bytes', () => {
    const text = flipPcbText();
    const doc = openDocument(text);
    expect(doc.docType).toBe('PCB');
    expect(doc.extraBlocks.map((b) => b.docType)).toEqual(['FOOTPRINT']);
    expect(doc.ofType('COMPONENT').length).toBeGreaterThan(0);
    expect(serializeDocument(doc)).toBe(text);
    expect(sceneInputOf(text).docType).toBe('PCB');
  });

  it('[issue-10] an edit of the PCB keeps every footprint block byte for byte and in its place', () => {
    const text = flipPcbText();
    const doc = openDocument(text);
    const [key, comp] = doc.ofType('COMPONENT')[0];
    doc.commit('move', (tx) => tx.set(key, [comp[0], comp[1], comp[2], comp[3], Number(comp[4]) + 10, ...comp.slice(5)]));
    const out = serializeDocument(doc);
    const pcbAt = text.indexOf('["DOCTYPE","PCB"');
    expect(pcbAt).toBeGreaterThan(0);
    expect(out.slice(0, pcbAt)).toBe(text.slice(0, pcbAt)); // footprint blocks and the blank line, unchanged
    const before = parseDocuments(text);
    const after = parseDocuments(out);
    expect(after.map((b) => b.docType)).toEqual(before.map((b) => b.docType));
    expect(after[0].records).toEqual(before[0].records);
    const changed = mainBlock(after, 'PCB')!.records.filter((r, i) => JSON.stringify(r) !== JSON.stringify(mainBlock(before, 'PCB')!.records[i]));
    expect(changed).toHaveLength(1);
    // lines other than the edited one keep their text
    const lo = out.split('\n'), li = text.split('\n');
    expect(lo.length).toBe(li.length);
    expect(lo.filter((l, i) => l !== li[i])).toHaveLength(1);
  });

  it('[issue-10] a remote text replaces the blocks around the document too', () => {
    const text = flipPcbText();
    const doc = new EditorDocument(parseDocuments(text));
    const blocks = parseDocuments(text);
    blocks.splice(0, 1); // the remote removed the footprint block
    doc.applyRemoteBlocks(blocks);
    expect(doc.extraBlocks).toHaveLength(0);
    expect(serializeDocument(doc).startsWith('["DOCTYPE","PCB"')).toBe(true);
  });
});
