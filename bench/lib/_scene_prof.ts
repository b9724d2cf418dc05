import { parseDocuments } from '@copperplate/format';
import { EditorDocument } from '@copperplate/schematic';
import { PcbEditor } from '../../packages/editor/src/pcb/editor.ts';
import { generatedBoard } from './pcb-boards.ts';
const text = generatedBoard(400, 250, 2, '100k').text;
for (let i = 0; i < 6; i++) { const doc = new EditorDocument(parseDocuments(text)); new PcbEditor(doc, {}); }
