// bytea in and out of PGlite through Node's native hex codec. PGlite's own (a JS loop of
// `toString(16)` per byte, `parseInt` per pair) took 0.5 s per 256 KB written and 0.2 s per 256 KB
// read under load (issue 11: every stored document is a bytea); this is about ten times faster.
// Plain JavaScript: the database worker (db-worker.mjs) loads it without a loader.
export const PGLITE_BYTEA = {
  serializers: { 17: (v) => '\\x' + Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex') },
  parsers: {
    17: (s) => {
      const b = Buffer.from(s.slice(2), 'hex');
      return new Uint8Array(b.buffer, b.byteOffset, b.length);
    },
  },
};
