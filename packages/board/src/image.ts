/**
 * Placing a PCB IMAGE record's drawing (PCB frame: mil, Y up). Shared by the editor's canvas and the
 * fabrication outputs, so the picture on screen is the one in the Gerbers.
 */
import { type Mat, IDENTITY, mul, rotate, translate } from './geom.ts';
import { type Contour, contoursExtent } from './path.ts';
import { isBottomSide } from './placement.ts';

/** The placement fields of an IMAGE record (PcbImage in @copperplate/format). */
export interface ImagePlacement { x: number; y: number; width: number; height: number; angle: number; mirror: boolean; layer: unknown }

/**
 * The matrix taking an image's contours (as stored) to the board: their drawn extent (curves by their
 * true extremes, as EasyEDA fits them: ESP32's Espressif logo was 2% small and 0.2 mm off with the
 * control hull) fitted into width x height below (x, y), rotated about (x, y). On a bottom layer the
 * image is seen through the board: mirrored about its anchor after its rotation, as bottom text is
 * (falcon-flight's axis marker, -270 degrees on the bottom silk, was half a turn off otherwise).
 */
export function imageMatrix(im: ImagePlacement, cs: Contour[]): Mat {
  const b = contoursExtent(cs);
  const sx = b.maxX > b.minX ? im.width / (b.maxX - b.minX) : 1, sy = b.maxY > b.minY ? im.height / (b.maxY - b.minY) : 1;
  const fit = mul(translate(im.x, im.y - im.height), mul({ a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 }, translate(-b.minX, -b.minY)));
  const bottom = isBottomSide(Number(im.layer));
  const flip = im.mirror !== bottom;
  return mul(mul(translate(im.x, im.y), rotate(bottom ? -im.angle : im.angle)), mul(flip ? { a: -1, b: 0, c: 0, d: 1, e: 0, f: 0 } : IDENTITY, mul(translate(-im.x, -im.y), fit)));
}
