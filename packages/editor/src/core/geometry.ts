/**
 * The editors' geometry: the one plane geometry module of `@copperplate/board` (`geom.ts`), used by
 * every domain (schematic and symbol in 0.01 inch, PCB and footprint in mil, panels in mm; the
 * document's own frame, Y up, angles in degrees counter-clockwise). The schematic, symbol, PCB and
 * footprint code import it from here or from the board package: there is no second implementation.
 */
export {
  type Pt, type Box, type Mat, IDENTITY, emptyBox, isEmptyBox, growBox, unionBox, boxesOverlap, boxContainsBox, boxContainsPt,
  inflateBox, boxOfPoints, transformBox, rad, deg, normDeg, normAngle, mul, translate, rotate, rotateAbout, mirrorX, mirrorAbout, scale, placement, apply,
  transformPoints, invert, isMirroring, matAngle, matScale, dist, distToSegment, onSegment, pointInRing, distToPolyline,
} from '@copperplate/board';
