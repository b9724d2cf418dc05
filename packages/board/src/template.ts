/**
 * `=...{Key}...` attribute templates (FORMAT.md): `={Manufacturer Part}`, `={Value}k{Tolerance}`,
 * `=Page {@Page No} of {@Page Count}`. A value not starting with `=` is literal. Unknown keys give ''.
 */
export function resolveTemplate(value: string, lookup: (key: string) => string | undefined, depth = 0): string {
  if (!value.startsWith('=') || !value.includes('{') || depth > 8) return value;
  let out = '';
  let i = 1;
  while (i < value.length) {
    const c = value[i];
    if (c === '{') {
      const end = value.indexOf('}', i + 1);
      if (end < 0) return value;
      const key = value.slice(i + 1, end);
      const v = lookup(key);
      out += v === undefined ? '' : resolveTemplate(v, lookup, depth + 1);
      i = end + 1;
    } else { out += c; i++; }
  }
  return out;
}
