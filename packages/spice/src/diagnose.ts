/**
 * ngspice's messages (its stdout/stderr in batch mode, or the browser engine's error list) turned
 * into catalogue errors that name the part or net: missing model, floating node (singular matrix),
 * non-convergence (timestep too small, no convergence in the operating point).
 */
import { CatalogueError } from '@copperplate/model';

export interface NameMaps { partOf?: Record<string, string>; netOf?: Record<string, string> }

const part = (maps: NameMaps, el: string) => maps.partOf?.[el.toLowerCase()] ?? el;
const net = (maps: NameMaps, n: string) => maps.netOf?.[n.toLowerCase()] ?? maps.netOf?.[n] ?? n;

/** The error ngspice's output reports, or undefined when it reports none. */
export function diagnose(output: string, maps: NameMaps = {}): CatalogueError | undefined {
  const text = output.replace(/\r/g, '');
  // a missing model: "Error on line 3 : q1 c b 0 nomodel\n  could not find a valid modelname"
  let m = /Error on line \d+\s*:\s*(\S+)[^\n]*\n[^\n]*(?:could not find a valid modelname|unable to find definition of model|model \S+ not found)/i.exec(text);
  if (m) return CatalogueError.named('SPICE_MODEL_MISSING', { part: part(maps, m[1]), reason: 'ngspice found no model of that name' });
  m = /unable to find definition of model\s+(\S+)/i.exec(text) ?? /could not find a valid modelname\s*(\S*)/i.exec(text);
  if (m) {
    const el = /^\s*(\S+).*\n.*(?:could not find a valid modelname|unable to find definition)/im.exec(text)?.[1];
    return CatalogueError.named('SPICE_MODEL_MISSING', { part: el ? part(maps, el) : m[1] || '?', reason: `no model named ${m[1] || 'as given'}` });
  }
  m = /unknown subckt:?\s*(\S+)(?:\s+\S+)*/i.exec(text);
  if (m) return CatalogueError.named('SPICE_MODEL_MISSING', { part: part(maps, m[1].replace(/^x\./i, '')), reason: 'ngspice found no subcircuit of that name' });
  m = /singular matrix:\s*check nodes?\s+(\S+)(?:\s+and\s+(\S+))?/i.exec(text);
  if (m) return CatalogueError.named('SPICE_FLOATING_NODE', { net: net(maps, m[1]), detail: m[2] ? ` (or ${net(maps, m[2])})` : '' });
  if (/singular matrix/i.test(text)) return CatalogueError.named('SPICE_FLOATING_NODE', { net: '?', detail: ' (ngspice: singular matrix)' });
  m = /timestep too small/i.exec(text);
  if (m) {
    const at = /timestep too small[^\n]*?\btime\s*=\s*([0-9.eE+-]+)/i.exec(text)?.[1];
    const trouble = /trouble with node\s+"?([^"\s]+)"?/i.exec(text)?.[1] ?? /trouble with (\S+)-instance (\S+)/i.exec(text)?.[2];
    return CatalogueError.named('SPICE_NO_CONVERGENCE', { detail: `: timestep too small${at ? ` at time ${at.replace(/,$/, '')} s` : ''}${trouble ? ` near ${maps.partOf?.[trouble.toLowerCase()] ? `part ${part(maps, trouble)}` : `net ${net(maps, trouble)}`}` : ''}` });
  }
  if (/no convergence|gmin stepping failed|source stepping failed|iteration limit reached|dc solution failed/i.test(text)) {
    const trouble = /(?:trouble with node|check node)\s+"?([^"\s]+)"?/i.exec(text)?.[1];
    return CatalogueError.named('SPICE_NO_CONVERGENCE', { detail: `: no operating point found${trouble ? ` near net ${net(maps, trouble)}` : ''}` });
  }
  return undefined;
}

/** The first error line of ngspice's output, for SPICE_FAILED. */
export function firstError(output: string): string {
  const line = output.split(/\r?\n/).find((l) => /error|fatal|can't|cannot|unknown/i.test(l) && !/^\s*$/.test(l));
  return (line ?? output.trim().split(/\r?\n/).pop() ?? 'no output').trim().slice(0, 300);
}
