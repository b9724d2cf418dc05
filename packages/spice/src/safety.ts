/**
 * What a netlist sent to the server may not use: ngspice's control language (`.control` runs shell
 * commands and writes files) and `.include`/`.lib` of files (they would read the server's disk; our
 * netlists carry model files inline). Returns the offending construct, or undefined.
 */
export function unsafeConstruct(netlist: string): string | undefined {
  for (const raw of netlist.split(/\r?\n/)) {
    const line = raw.trim().toLowerCase();
    if (/^\.(control|endc)\b/.test(line)) return '.control';
    if (/^\.(include|inc|lib)\b/.test(line)) return line.split(/\s+/)[0];
    if (/^\.(save|probe)\b.*[/\\]/.test(line)) return line.split(/\s+/)[0];
  }
  return undefined;
}
