/**
 * [issue-16] Price and stock through the supplier adapter interface: the file-backed adapter (a local
 * price list; no network) answers offers by manufacturer part number, case-insensitively, leaves
 * unknown parts out and reads the file again when it changes; without COPPERPLATE_SUPPLIER_FILE no
 * adapter is configured; the server's call answers from the configured one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configuredSupplier, FileSupplier } from '../src/library/suppliers.ts';
import { startServer, type RunningServer } from '../src/index.ts';
import { Client } from './client.ts';

const dir = mkdtempSync(join(tmpdir(), 'cp-suppliers-'));
const file = join(dir, 'prices.json');
const list = (stock: number) => JSON.stringify({ supplier: 'Local list', parts: [{ mpn: 'NE555P', sku: 'L-555', stock, currency: 'EUR', breaks: [{ qty: 1, unitPrice: 0.3 }, { qty: 10, unitPrice: 0.25 }] }] });
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('[issue-16] supplier adapters', () => {
  it('the file adapter answers by part number (any case), leaves unknown parts out, follows the file', async () => {
    writeFileSync(file, list(40));
    const s = new FileSupplier(file);
    const offers = await s.lookup(['ne555p', 'NOPE']);
    expect(offers).toEqual([{ mpn: 'NE555P', sku: 'L-555', stock: 40, currency: 'EUR', breaks: [{ qty: 1, unitPrice: 0.3 }, { qty: 10, unitPrice: 0.25 }], supplier: 'Local list' }]);
    expect(s.name).toBe('Local list');
    writeFileSync(file, list(7));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await s.lookup(['NE555P']))[0].stock).toBe(7);
    writeFileSync(join(dir, 'bad.json'), '{"parts": 3}');
    await expect(new FileSupplier(join(dir, 'bad.json')).lookup(['x'])).rejects.toThrow();
  });

  it('no adapter unless configured; the server answers from the configured one', async () => {
    expect(configuredSupplier({})).toBeUndefined();
    expect(configuredSupplier({ COPPERPLATE_SUPPLIER_FILE: file })).toBeInstanceOf(FileSupplier);
    process.env.COPPERPLATE_SUPPLIER_FILE = file;
    try {
      server = await startServer({ port: 0, dataDir: join(dir, 'data'), logger: false });
    } finally {
      delete process.env.COPPERPLATE_SUPPLIER_FILE;
    }
    const c = await new Client(server.url).signup('buyer');
    const r = await c.post<{ configured: boolean; supplier: string; offers: { mpn: string; stock: number }[] }>('/api/components/prices', { mpns: ['NE555P', 'LM358'] });
    expect(r.code, r.message).toBe(0);
    expect(r.result).toMatchObject({ configured: true, supplier: 'Local list', offers: [{ mpn: 'NE555P', stock: 7 }] });
    expect(r.result!.offers).toHaveLength(1);
  }, 120_000);
});
