/**
 * The circuit a SPICE netlist is written from: parts with their attributes and the net of each pin.
 * Built from a schematic by the editor (`schematicCircuit`, nets across sheets and hierarchy) or given
 * as JSON to the server's netlist call. Plain data: no documents, no records.
 */

export interface CircuitPin {
  /** Pin number of the symbol ("1", "2", ...). */
  number: string;
  /** Pin name of the symbol ("A", "K", "B", "+", ...), '' when none. */
  name: string;
  /** Net name; nets named GND, AGND, DGND, GROUND, VSS... see `isGroundNet`. '' = not connected. */
  net: string;
}

export interface CircuitPart {
  /** Designator (R1, C3, U2). */
  designator: string;
  /** Attributes by name, resolved (component ATTR, then device, then symbol): Value, SPICE Model... */
  attrs: Record<string, string>;
  pins: CircuitPin[];
  /** Sheet the part is on (for messages). */
  sheet?: string;
}

/** A user model file (.lib/.mod/.cir text), stored as a project blob; written into the netlist. */
export interface ModelFile { name: string; text: string }

export type Analysis =
  | { kind: 'op' }
  | { kind: 'dc'; source: string; start: number | string; stop: number | string; step: number | string }
  | { kind: 'ac'; sweep?: 'dec' | 'oct' | 'lin'; points: number; fstart: number | string; fstop: number | string }
  | { kind: 'tran'; step: number | string; stop: number | string; start?: number | string; maxStep?: number | string; uic?: boolean };

export interface Circuit {
  title: string;
  parts: CircuitPart[];
  /** Simulation directives written on the sheets (lines starting with '.': .tran, .ac, .param, .ic, .options...). */
  directives?: string[];
  /** User model files to include. */
  models?: ModelFile[];
  /** Nets that are ground besides the usual names (node 0). */
  ground?: string[];
}
