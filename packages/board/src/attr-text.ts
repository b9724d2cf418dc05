/**
 * The text a PCB component's ATTR shows, as EasyEDA shows it: `={Key}` templates filled from the
 * component's attributes (`={Manufacturer Part}` on the silkscreen reads the part number), and the
 * `Device`, `Footprint` and `Symbol` attributes, which hold uuids, by the title of what they name.
 * Shared by the PCB painters and the fabrication outputs (silkscreen text).
 */
import { resolveTemplate } from './template.ts';

export type AttrLookup = (key: string) => string | undefined;

export interface AttrShown {
  key: string;
  value: string;
  keyVisible: boolean;
  valueVisible: boolean;
}

const REFERENCE_KEYS = new Set(['Device', 'Footprint', 'Symbol']);

/** Text of an ATTR: `key:value`, the key or the value as they are visible; '' when neither is. */
export function attrDisplayText(a: AttrShown, lookup?: AttrLookup, titleOf?: (key: string, uuid: string) => string | undefined): string {
  if (!a.keyVisible && !a.valueVisible) return '';
  let v = lookup ? resolveTemplate(a.value, lookup) : a.value;
  if (titleOf && REFERENCE_KEYS.has(a.key) && v) v = titleOf(a.key, v) ?? v;
  return a.keyVisible && a.valueVisible ? `${a.key}:${v}` : a.keyVisible ? a.key : v;
}

const filled = (v: unknown): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number';

/**
 * A PCB component's attribute by key: its own ATTR records (`attrs`), then the attribute object of its
 * COMPONENT record (`custom`: what was synced from the schematic), then its device's attributes
 * (project.json), the first non-empty value; else an empty own value, else undefined.
 */
export function pcbComponentLookup(attrs: ReadonlyMap<string, string>, custom?: Readonly<Record<string, unknown>> | null, device?: Readonly<Record<string, unknown>> | null): AttrLookup {
  return (k) => {
    const own = attrs.get(k);
    if (own) return own;
    const c = custom?.[k];
    if (filled(c)) return String(c);
    const d = device?.[k];
    if (filled(d)) return String(d);
    return own;
  };
}
