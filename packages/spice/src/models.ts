/**
 * The built-in model set: models and subcircuits the netlist writer adds when a part names them and
 * no user model file defines the name. Parameters from the manufacturers' published SPICE models
 * (2N3904, 2N3906, 1N4148, 1N4007...) or generic textbook values (D, NPN, NMOS...).
 */

export type BuiltinKind = 'D' | 'NPN' | 'PNP' | 'NMOS' | 'PMOS' | 'NJF' | 'PJF' | 'SW' | 'OPAMP';

export interface BuiltinModel {
  kind: BuiltinKind;
  /** Element letter the model is used with. */
  prefix: 'D' | 'Q' | 'M' | 'J' | 'S' | 'X';
  /** The .model / .subckt text (name in upper case). */
  text: string;
}

const opamp = (name: string, a: number, gbw: number, rail: string): string => [
  `.subckt ${name} inp inn vp vn out`,
  `* behavioural op-amp: input 10 Meg, one pole (DC gain ${a}, gain-bandwidth ${gbw} Hz), output clamped to the rails`,
  `Rin inp inn 10Meg`,
  `G1 0 n1 inp inn 1m`,
  `R1 n1 0 ${a * 1e3}`,
  `C1 n1 0 ${1 / (2 * Math.PI * gbw * 1e3)}`,
  `B1 out 0 V=min(max(V(n1), V(vn)+${rail}), V(vp)-${rail})`,
  `.ends ${name}`,
].join('\n');

export const BUILTIN_MODELS: Record<string, BuiltinModel> = {
  D: { kind: 'D', prefix: 'D', text: '.model D D(IS=1e-14 N=1 RS=0.1 CJO=2p)' },
  '1N4148': { kind: 'D', prefix: 'D', text: '.model 1N4148 D(IS=2.52n RS=0.568 N=1.752 CJO=4p M=0.4 TT=20n BV=100 IBV=100u)' },
  '1N4007': { kind: 'D', prefix: 'D', text: '.model 1N4007 D(IS=7.02767n RS=0.0341512 N=1.80803 EG=1.05743 XTI=5 BV=1000 IBV=5e-08 CJO=1e-11 VJ=0.7 M=0.5 FC=0.5 TT=1e-07)' },
  '1N5819': { kind: 'D', prefix: 'D', text: '.model 1N5819 D(IS=31.7u RS=0.051 N=1.373 CJO=110p M=0.35 EG=0.69 XTI=2 BV=40 IBV=1m)' },
  LED: { kind: 'D', prefix: 'D', text: '.model LED D(IS=93.2p RS=42m N=3.73 BV=4 IBV=10u CJO=2.97p VJ=0.75 M=0.333 TT=4.32u)' },
  NPN: { kind: 'NPN', prefix: 'Q', text: '.model NPN NPN(IS=1e-14 BF=100 VAF=100)' },
  PNP: { kind: 'PNP', prefix: 'Q', text: '.model PNP PNP(IS=1e-14 BF=100 VAF=100)' },
  '2N3904': { kind: 'NPN', prefix: 'Q', text: '.model 2N3904 NPN(IS=6.734f XTI=3 EG=1.11 VAF=74.03 BF=416.4 NE=1.259 ISE=6.734f IKF=66.78m XTB=1.5 BR=0.7371 NC=2 ISC=0 IKR=0 RC=1 CJC=3.638p MJC=0.3085 VJC=0.75 FC=0.5 CJE=4.493p MJE=0.2593 VJE=0.75 TR=239.5n TF=301.2p ITF=0.4 VTF=4 XTF=2 RB=10)' },
  '2N3906': { kind: 'PNP', prefix: 'Q', text: '.model 2N3906 PNP(IS=1.41f XTI=3 EG=1.11 VAF=18.7 BF=180.7 NE=1.5 ISE=0 IKF=80m XTB=1.5 BR=4.977 NC=2 ISC=0 IKR=0 RC=2.5 CJC=9.728p MJC=0.5776 VJC=0.75 FC=0.5 CJE=8.063p MJE=0.3677 VJE=0.75 TR=33.42n TF=179.3p ITF=0.4 VTF=4 XTF=6 RB=10)' },
  BC547: { kind: 'NPN', prefix: 'Q', text: '.model BC547 NPN(IS=2.39e-14 NF=1.008 ISE=3.545e-15 NE=1.541 BF=294.3 IKF=0.1357 VAF=63.2 NR=1.004 ISC=6.272e-14 NC=1.243 BR=7.946 IKR=0.1144 VAR=25.9 RB=1 RE=0.4683 RC=0.85 EG=1.11 XTI=3 CJE=1.358e-11 VJE=0.65 MJE=0.3279 TF=4.391e-10 XTF=120 VTF=2.643 ITF=0.7495 CJC=3.728e-12 VJC=0.3997 MJC=0.2955 XCJC=0.6193 FC=0.9579)' },
  NMOS: { kind: 'NMOS', prefix: 'M', text: '.model NMOS NMOS(LEVEL=1 VTO=1 KP=20m LAMBDA=0.01)' },
  PMOS: { kind: 'PMOS', prefix: 'M', text: '.model PMOS PMOS(LEVEL=1 VTO=-1 KP=10m LAMBDA=0.01)' },
  '2N7000': { kind: 'NMOS', prefix: 'M', text: '.model 2N7000 NMOS(LEVEL=1 VTO=2.1 KP=0.25 LAMBDA=0.01 RD=1 RS=0.5 CGSO=50p CGDO=20p CBD=50p)' },
  BS170: { kind: 'NMOS', prefix: 'M', text: '.model BS170 NMOS(LEVEL=1 VTO=2.0 KP=0.3 LAMBDA=0.01 RD=1 RS=0.5 CGSO=40p CGDO=15p CBD=35p)' },
  BS250: { kind: 'PMOS', prefix: 'M', text: '.model BS250 PMOS(LEVEL=1 VTO=-2.5 KP=0.2 LAMBDA=0.01 RD=2 RS=1 CGSO=40p CGDO=15p CBD=35p)' },
  J2N5457: { kind: 'NJF', prefix: 'J', text: '.model J2N5457 NJF(VTO=-1.372 BETA=1.125m LAMBDA=2.3m RD=1 RS=1 CGS=2.25p CGD=2.25p IS=181.3f)' },
  SW: { kind: 'SW', prefix: 'S', text: '.model SW SW(RON=0.1 ROFF=1G VT=0.5 VH=0)' },
  OPAMP: { kind: 'OPAMP', prefix: 'X', text: opamp('OPAMP', 1e6, 10e6, '0') },
  LM358: { kind: 'OPAMP', prefix: 'X', text: opamp('LM358', 1e5, 1e6, '0.05') },
  LM324: { kind: 'OPAMP', prefix: 'X', text: opamp('LM324', 1e5, 1.2e6, '0.05') },
  TL072: { kind: 'OPAMP', prefix: 'X', text: opamp('TL072', 2e5, 3e6, '1.5') },
  NE5532: { kind: 'OPAMP', prefix: 'X', text: opamp('NE5532', 1e5, 10e6, '1') },
};

/** Names a part may use for a built-in (upper case) -> the built-in's key. */
const ALIASES: Record<string, string> = {
  DIODE: 'D', '1N4148W': '1N4148', '1N4001': '1N4007', SS14: '1N5819', LED_RED: 'LED',
  MMBT3904: '2N3904', MMBT3906: '2N3906', BC547B: 'BC547', BC847: 'BC547', S8050: 'BC547',
  '2N5457': 'J2N5457', 'LM358DR': 'LM358', LM358P: 'LM358', 'TL072CP': 'TL072', 'OPAMP_IDEAL': 'OPAMP', SWITCH: 'SW',
  '2N7002': '2N7000',
};

/** The built-in model of a name (case-insensitive, with aliases), or undefined. */
export function builtinModel(name: string): { name: string; model: BuiltinModel } | undefined {
  const u = name.trim().toUpperCase();
  const key = BUILTIN_MODELS[u] ? u : ALIASES[u];
  return key ? { name: key, model: BUILTIN_MODELS[key] } : undefined;
}

/** A model or subcircuit a user model file defines: its kind (NPN, D, NMOS... or SUBCKT) and, for a subcircuit, its node count. */
export interface DefinedModel { kind: string; nodes?: number }

/** Models and subcircuits a user model file defines, by upper-case name. */
export function definedModels(text: string): Map<string, DefinedModel> {
  const out = new Map<string, DefinedModel>();
  // continuation lines (+) belong to the line before
  const joined = text.replace(/\r?\n\s*\+/g, ' ');
  for (const m of joined.matchAll(/^\s*\.model\s+(\S+)\s+([A-Za-z]+)/gim)) out.set(m[1].toUpperCase(), { kind: m[2].toUpperCase() });
  for (const m of joined.matchAll(/^\s*\.subckt\s+(\S+)([^\n]*)/gim)) {
    const nodes = m[2].split(/\s+/).filter(Boolean);
    const stop = nodes.findIndex((t) => /^params:|=/i.test(t));
    out.set(m[1].toUpperCase(), { kind: 'SUBCKT', nodes: stop < 0 ? nodes.length : stop });
  }
  return out;
}
