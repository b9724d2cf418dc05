/**
 * The conversion report of a V3 archive: every non-blank line of the .epru is either carried into
 * our records or counted here under a kind ("PCB RULE", "deleted record", ...) with the reason.
 * `carried + sum(notCarried.count) === total` always holds (tests check it on the fixtures).
 */
export interface NotCarried {
  /** `<docType> <recordType>` for records, or a line fate ("superseded record", ...). */
  kind: string;
  count: number;
  reason: string;
}

export interface ConversionReport {
  /** The archive format converted from. */
  source: 'epro2';
  /** Non-blank lines of the record stream(s). */
  total: number;
  /** Lines carried into records, documents or project.json. */
  carried: number;
  /** What was not carried, by kind, most frequent first. */
  notCarried: NotCarried[];
  /** Things carried with a change (not counted in `total`): kind, count, what changed. */
  adjusted: NotCarried[];
  /** Documents converted, by V3 document type. */
  documents: Record<string, number>;
}

export class Tally {
  carried = 0;
  private readonly skipped = new Map<string, NotCarried>();
  readonly documents: Record<string, number> = {};
  private readonly adjusted = new Map<string, NotCarried>();

  carry(n = 1): void {
    this.carried += n;
  }

  skip(kind: string, reason: string, n = 1): void {
    const k = kind + '\u0000' + reason;
    const e = this.skipped.get(k);
    if (e) e.count += n;
    else this.skipped.set(k, { kind, count: n, reason });
  }

  adjust(kind: string, reason: string, n = 1): void {
    const e = this.adjusted.get(kind);
    if (e) e.count += n;
    else this.adjusted.set(kind, { kind, count: n, reason });
  }

  document(docType: string): void {
    this.documents[docType] = (this.documents[docType] ?? 0) + 1;
  }

  report(total: number): ConversionReport {
    const notCarried = [...this.skipped.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
    return { source: 'epro2', total, carried: this.carried, notCarried, adjusted: [...this.adjusted.values()], documents: { ...this.documents } };
  }
}

/** Lines of the report as the CLI and the web app show them. */
export function formatConversionReport(r: ConversionReport): string {
  const lines = [`Converted from EasyEDA Pro V3 (.epro2): ${r.carried} of ${r.total} records carried.`];
  if (r.notCarried.length) {
    lines.push('Not carried:');
    for (const n of r.notCarried) lines.push(`  ${n.kind}: ${n.count} (${n.reason})`);
  }
  if (r.adjusted.length) {
    lines.push('Carried with a change:');
    for (const n of r.adjusted) lines.push(`  ${n.kind}: ${n.count} (${n.reason})`);
  }
  return lines.join('\n');
}
