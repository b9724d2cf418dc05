/**
 * Stale pour fills: a board whose stored fills Copperplate stamped, then edited in a pour's reach, is
 * refused for copper outputs (Gerber, the fabrication zip) with the catalogue message FAB_STALE_FILLS
 * naming the pours; BOM and drill still export; `refill: true` refills the stale pours first and the
 * export goes through; EasyEDA's own unstamped fills are taken as they are (STM32G431-mini).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readEpro } from '@copperplate/format';
import { CatalogueError } from '@copperplate/model';
import { fabInputFromEpro, fabOutputs, staleFills } from '@copperplate/convert';

import { PCB, stamped, viasMoved } from './stale-archive.ts';

const FIX = new URL('../../../../../shared/fixtures/epro/STM32G431-mini.epro', import.meta.url);
const NOW = new Date('2026-01-02T00:00:00Z');

describe('[issue-12] stale pour fills: refused for copper outputs, or refilled', () => {
  const original = readEpro(new Uint8Array(readFileSync(FIX)));

  it("EasyEDA's unstamped fills and freshly stamped ones export", () => {
    expect(staleFills(original, PCB)).toEqual([]);
    const fresh = stamped(original);
    expect(staleFills(fresh, PCB)).toEqual([]);
    expect(fabOutputs(fabInputFromEpro(fresh, PCB), 'gerber', { now: NOW }).files.length).toBeGreaterThan(5);
  });

  it('an edit in reach makes them stale: gerber and fab refused with FAB_STALE_FILLS; drill and BOM still export; refill exports', { timeout: 60_000 }, () => {
    const edited = viasMoved(stamped(original));
    const input = fabInputFromEpro(edited, PCB);
    expect(input.staleFills!.length).toBeGreaterThan(0);
    for (const kind of ['gerber', 'fab'] as const) {
      let err: unknown;
      try { fabOutputs(input, kind, { now: NOW }); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(CatalogueError);
      expect((err as CatalogueError).code).toBe('FAB_STALE_FILLS');
      expect((err as Error).message).toContain(input.staleFills![0].name);
      expect((err as Error).message).toMatch(/stale/);
    }
    expect(fabOutputs(input, 'drill', { now: NOW }).files.length).toBeGreaterThan(0);
    expect(fabOutputs(input, 'bom', { now: NOW }).files.length).toBe(1);
    const refilled = fabInputFromEpro(edited, PCB, { refill: true });
    expect(refilled.staleFills).toEqual([]);
    const res = fabOutputs(refilled, 'fab', { now: NOW });
    expect(res.files[0].name).toMatch(/^Gerber_.*\.zip$/);
  });
});
