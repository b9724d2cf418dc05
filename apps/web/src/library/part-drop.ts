/** Dragging a library part onto a canvas: the drag data type and the drop target's handlers (schematic and PCB alike). */
import type { DragEvent } from 'react';

export const PART_MIME = 'application/x-copperplate-part';

/** Props for a canvas that places a part dropped from the library at the pointer (client pixels). */
export function partDropProps(place: (uuid: string, at: { x: number; y: number }) => unknown) {
  return {
    onDragOver: (e: DragEvent) => { if (e.dataTransfer.types.includes(PART_MIME)) { e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; } },
    onDrop: (e: DragEvent) => {
      const uuid = e.dataTransfer.getData(PART_MIME);
      if (!uuid) return;
      e.preventDefault();
      void place(uuid, { x: e.clientX, y: e.clientY });
    },
  };
}
