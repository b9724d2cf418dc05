/** SPICE numbers: `10k`, `4.7u`, `1meg`, `2.2e-9`, `100n`; units after the scale are ignored (`10uF`). */

const SCALE: Array<[string, number]> = [
  ['meg', 1e6], ['mil', 25.4e-6], ['t', 1e12], ['g', 1e9], ['k', 1e3], ['m', 1e-3], ['u', 1e-6], ['µ', 1e-6], ['μ', 1e-6], ['n', 1e-9], ['p', 1e-12], ['f', 1e-15], ['a', 1e-18],
];

/** The value of a SPICE number, or undefined when the text does not start with one. */
export function parseSpiceNumber(text: string): number | undefined {
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-zµμ]*)/i.exec(text);
  if (!m) return undefined;
  const base = Number(m[1]);
  const suffix = m[2].toLowerCase();
  for (const [s, f] of SCALE) if (suffix.startsWith(s)) return base * f;
  return base;
}

/**
 * An engineering value as EasyEDA writes it on parts ("10kΩ", "4.7uF", "100nF", "1k5", "2R2", "10 k")
 * in SPICE syntax ("10k", "4.7u", "100n", "1.5k", "2.2"), or undefined when it is no number.
 */
export function spiceValue(text: string): string | undefined {
  let t = text.trim().replace(/\s+/g, '').replace(/[ΩΩ]|ohms?$/gi, '');
  // 1k5 / 4R7 / 2M2 style: the letter is the decimal point
  const rk = /^(\d+)([RrKkMmUuNnPp])(\d+)$/.exec(t);
  if (rk) { const l = rk[2]; t = `${rk[1]}.${rk[3]}${/r/i.test(l) ? '' : l === 'M' ? 'meg' : l.toLowerCase()}`; }
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(Meg|MEG|meg|[TGkKMmuUµμnNpPfF])?([A-Za-z]*)$/.exec(t);
  if (!m) return undefined;
  let s = m[2] ?? '';
  if (s === 'M') s = 'meg'; // EasyEDA's M on a resistor is mega; SPICE's m is milli
  else if (s === 'µ' || s === 'μ' || s === 'U') s = 'u';
  else if (s === 'K') s = 'k';
  else s = s.toLowerCase();
  return m[1] + s;
}
