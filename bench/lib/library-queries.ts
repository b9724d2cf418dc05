/**
 * The library bench's 1,000 realistic queries (seeded): 60% from the library itself as users type them
 * (a device's name cut to 2..8 characters, its value and package size, a package word, a whole
 * name), 40% from a list of common searches with misspellings (trigram fallback).
 */
import type { Queryable } from '../../apps/server/src/db.ts';

function mulberry32(seed: number): () => number {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = [
  'LED', 'led 0603', 'resistor 0805', '10k', '100n', 'capacitor 0402', 'usb c', 'usb-c receptacle', 'header 2x05', 'pin header 1x04', 'STM32F103', 'stm32f4', 'ATmega328',
  'NE555', 'LM317', 'AMS1117', 'LM358', 'op amp', 'opamp', 'mosfet n', 'SOT-23', 'SOIC-8', 'QFN-32', 'TQFP-44', 'crystal', 'crystal 16MHz', 'buzzer', 'relay', 'fuse',
  'ESP32', 'esp8266', 'diode schottky', '1N4148', '1N4007', 'zener', 'BAT54', 'inductor 1210', 'ferrite bead', 'terminal block', 'JST PH', 'micro usb', 'RJ45',
  'MCP2515', 'CH340', 'FT232', 'TPS5430', 'LM2596', 'XL6009', 'tactile switch', 'push button', 'potentiometer', 'transistor npn', 'BC547', '2N3904', 'IRF540',
  'regulator 3.3v', 'ldo', 'eeprom', '24LC256', 'W25Q32', 'sd card', 'battery holder', 'mounting hole', 'test point', 'TVS', 'SMBJ', 'optocoupler', 'PC817',
  // misspellings and partial words
  'resistr', 'capacitr', 'indcutor', 'oscilator', 'regulater', 'conector', 'transistr', 'atmega32', 'stm32f10', 'lm31', 'ne55', 'usbc', 'hedaer',
];

export async function queries(db: Queryable, n: number): Promise<string[]> {
  const rnd = mulberry32(16);
  const rows = await db.query<{ title: string; value: string; package: string }>('select title, value, package from library_items where type = 3 and not deleted order by uuid');
  const out: string[] = [];
  const fromLib = Math.round(n * 0.6);
  while (out.length < fromLib && rows.length) {
    const r = rows[Math.floor(rnd() * rows.length)];
    const k = rnd();
    const size = /(\d{4})_\d{4}Metric|(SOT-\d+|SOIC-\d+|QFN-\d+|TQFP-\d+|DIP-\d+|TO-\d+)/.exec(r.package);
    if (k < 0.45) out.push(r.title.slice(0, 2 + Math.floor(rnd() * 7)));
    else if (k < 0.65 && size) out.push(`${r.value.split(/[_ ]/)[0]} ${size[1] ?? size[2]}`);
    else if (k < 0.8 && r.package) out.push(r.package.split('_')[0]);
    else out.push(r.title);
  }
  while (out.length < n) out.push(COMMON[Math.floor(rnd() * COMMON.length)]);
  return out;
}

