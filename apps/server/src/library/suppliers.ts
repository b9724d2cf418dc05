/**
 * Price and stock of library parts through a supplier adapter (issue 16; SPEC: price lookup, buy).
 * No network call is made unless the administrator configures an adapter that makes one; this build
 * ships one adapter, FileSupplier, which answers from a local JSON file (COPPERPLATE_SUPPLIER_FILE),
 * for tests and for a price list kept offline. Without one the calls answer `configured: false` and
 * the library panel says so.
 *
 * A real supplier (a distributor's API) implements SupplierAdapter: `lookup` takes manufacturer part
 * numbers (at most 50 per call) and answers the offers it knows, matching part numbers
 * case-insensitively; it must not throw for unknown parts (leave them out) and should time out on its
 * own. Register it in `configuredSupplier()`.
 */
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

export const PriceBreakSchema = z.object({ qty: z.number().int().positive(), unitPrice: z.number().nonnegative() });
export const SupplierOfferSchema = z.object({
  mpn: z.string(),
  /** The supplier's own part number (order code). */
  sku: z.string().default(''),
  stock: z.number().int().nonnegative(),
  currency: z.string().default('USD'),
  breaks: z.array(PriceBreakSchema).default([]),
  url: z.string().optional(),
});
export type SupplierOffer = z.infer<typeof SupplierOfferSchema> & { supplier: string };

export interface SupplierAdapter {
  readonly name: string;
  lookup(mpns: string[]): Promise<SupplierOffer[]>;
}

/** The file FileSupplier reads: `{ "supplier": "Name", "updatedAt": "...", "parts": [SupplierOffer...] }`. */
const PriceFileSchema = z.object({ supplier: z.string().min(1), updatedAt: z.string().optional(), parts: z.array(SupplierOfferSchema) });

export class FileSupplier implements SupplierAdapter {
  private byMpn = new Map<string, SupplierOffer[]>();
  private mtime = -1;
  name = '';
  constructor(private readonly path: string) {}

  /** Reads the file again when it changed (an administrator edits the price list). */
  private load(): void {
    const m = statSync(this.path).mtimeMs;
    if (m === this.mtime) return;
    const f = PriceFileSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    this.name = f.supplier;
    this.byMpn.clear();
    for (const p of f.parts) {
      const k = p.mpn.toLowerCase();
      this.byMpn.set(k, [...(this.byMpn.get(k) ?? []), { ...p, supplier: f.supplier }]);
    }
    this.mtime = m;
  }

  async lookup(mpns: string[]): Promise<SupplierOffer[]> {
    this.load();
    return mpns.flatMap((m) => this.byMpn.get(m.toLowerCase()) ?? []);
  }
}

/** The adapter the administrator configured (COPPERPLATE_SUPPLIER_FILE: a FileSupplier), or none. */
export function configuredSupplier(env: Record<string, string | undefined> = process.env): SupplierAdapter | undefined {
  const file = env.COPPERPLATE_SUPPLIER_FILE;
  return file ? new FileSupplier(file) : undefined;
}
