/**
 * The floating-node check: every node needs a DC path to ground (node 0) through elements that
 * conduct DC (resistors, inductors, voltage sources, junctions...; not capacitors, current sources or
 * a MOSFET's gate). ngspice stops on such a circuit with "singular matrix"; we name the net first.
 */

/** One element: its nodes, and the groups of node indexes joined by DC (-1 = ground). */
export interface Conduction { nodes: string[]; groups: number[][] }

export function floatingNets(elements: Conduction[]): string[] {
  const parent = new Map<string, string>();
  const find = (a: string): string => {
    let r = a;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    let x = a;
    while (x !== r) { const n = parent.get(x)!; parent.set(x, r); x = n; }
    return r;
  };
  const union = (a: string, b: string) => { const x = find(a), y = find(b); if (x !== y) parent.set(x, y); };
  const all = new Set<string>();
  for (const e of elements) {
    for (const n of e.nodes) all.add(n);
    for (const g of e.groups) {
      const ns = g.map((i) => (i < 0 ? '0' : e.nodes[i])).filter((n) => n !== undefined);
      for (let i = 1; i < ns.length; i++) union(ns[0], ns[i]);
    }
  }
  const g = find('0');
  return [...all].filter((n) => n !== '0' && find(n) !== g).sort();
}
