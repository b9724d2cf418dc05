/** Types of pglite-bytea.mjs. */
export declare const PGLITE_BYTEA: {
  serializers: { 17: (v: Uint8Array) => string };
  parsers: { 17: (s: string) => Uint8Array };
};
