/**
 * The Hershey "Roman simplex" stroke font (characters 32..126), the font EasyEDA draws PCB text with
 * (its Gerber silkscreen strokes are these glyphs). Data converted from Debian's hershey-fonts-data
 * (futural.jhf): each string is the glyph's left and right bearing then its vertices, two characters
 * per coordinate (value = char code - 'R'), " R" lifts the pen; Y grows downwards, baseline y=9,
 * capitals from y=-12.
 *
 * - The Hershey Fonts were originally created by Dr. A. V. Hershey while working at the U. S.
 *   National Bureau of Standards.
 * - The format of the Font data in this distribution was originally created by James Hurt,
 *   Cognition, Inc., 900 Technology Park Drive, Billerica, MA 01821.
 */
const SIMPLEX: readonly string[] = [
  "JZ", // " "
  "MWRFRT RRYQZR[SZRY", // "!"
  "JZNFNM RVFVM", // "\""
  "H]SBLb RYBRb RLOZO RKUYU", // "#"
  "H\\PBP_ RTBT_ RYIWGTFPFMGKIKKLMMNOOUQWRXSYUYXWZT[P[MZKX", // "$"
  "F^[FI[ RNFPHPJOLMMKMIKIIJGLFNFPGSHVHYG[F RWTUUTWTYV[X[ZZ[X[VYTWT", // "%"
  "E_\\O\\N[MZMYNXPVUTXRZP[L[JZIYHWHUISJRQNRMSKSIRGPFNGMIMKNNPQUXWZY[[[\\Z\\Y", // "&"
  "MWRHQGRFSGSIRKQL", // "'"
  "KYVBTDRGPKOPOTPYR]T`Vb", // "("
  "KYNBPDRGTKUPUTTYR]P`Nb", // ")"
  "JZRLRX RMOWU RWOMU", // "*"
  "E_RIR[ RIR[R", // "+"
  "NVSWRXQWRVSWSYQ[", // ","
  "E_IR[R", // "-"
  "NVRVQWRXSWRV", // "."
  "G][BIb", // "/"
  "H\\QFNGLJKOKRLWNZQ[S[VZXWYRYOXJVGSFQF", // "0"
  "H\\NJPISFS[", // "1"
  "H\\LKLJMHNGPFTFVGWHXJXLWNUQK[Y[", // "2"
  "H\\MFXFRNUNWOXPYSYUXXVZS[P[MZLYKW", // "3"
  "H\\UFKTZT RUFU[", // "4"
  "H\\WFMFLOMNPMSMVNXPYSYUXXVZS[P[MZLYKW", // "5"
  "H\\XIWGTFRFOGMJLOLTMXOZR[S[VZXXYUYTXQVOSNRNOOMQLT", // "6"
  "H\\YFO[ RKFYF", // "7"
  "H\\PFMGLILKMMONSOVPXRYTYWXYWZT[P[MZLYKWKTLRNPQOUNWMXKXIWGTFPF", // "8"
  "H\\XMWPURRSQSNRLPKMKLLINGQFRFUGWIXMXRWWUZR[P[MZLX", // "9"
  "NVROQPRQSPRO RRVQWRXSWRV", // ":"
  "NVROQPRQSPRO RSWRXQWRVSWSYQ[", // ";"
  "F^ZIJRZ[", // "<"
  "E_IO[O RIU[U", // "="
  "F^JIZRJ[", // ">"
  "I[LKLJMHNGPFTFVGWHXJXLWNVORQRT RRYQZR[SZRY", // "?"
  "E`WNVLTKQKOLNMMPMSNUPVSVUUVS RQKOMNPNSOUPV RWKVSVUXVZV\\T]Q]O\\L[JYHWGTFQFNGLHJJILHOHRIUJWLYNZQ[T[WZYYZX RXKWSWUXV", // "@"
  "I[RFJ[ RRFZ[ RMTWT", // "A"
  "G\\KFK[ RKFTFWGXHYJYLXNWOTP RKPTPWQXRYTYWXYWZT[K[", // "B"
  "H]ZKYIWGUFQFOGMILKKNKSLVMXOZQ[U[WZYXZV", // "C"
  "G\\KFK[ RKFRFUGWIXKYNYSXVWXUZR[K[", // "D"
  "H[LFL[ RLFYF RLPTP RL[Y[", // "E"
  "HZLFL[ RLFYF RLPTP", // "F"
  "H]ZKYIWGUFQFOGMILKKNKSLVMXOZQ[U[WZYXZVZS RUSZS", // "G"
  "G]KFK[ RYFY[ RKPYP", // "H"
  "NVRFR[", // "I"
  "JZVFVVUYTZR[P[NZMYLVLT", // "J"
  "G\\KFK[ RYFKT RPOY[", // "K"
  "HYLFL[ RL[X[", // "L"
  "F^JFJ[ RJFR[ RZFR[ RZFZ[", // "M"
  "G]KFK[ RKFY[ RYFY[", // "N"
  "G]PFNGLIKKJNJSKVLXNZP[T[VZXXYVZSZNYKXIVGTFPF", // "O"
  "G\\KFK[ RKFTFWGXHYJYMXOWPTQKQ", // "P"
  "G]PFNGLIKKJNJSKVLXNZP[T[VZXXYVZSZNYKXIVGTFPF RSWY]", // "Q"
  "G\\KFK[ RKFTFWGXHYJYLXNWOTPKP RRPY[", // "R"
  "H\\YIWGTFPFMGKIKKLMMNOOUQWRXSYUYXWZT[P[MZKX", // "S"
  "JZRFR[ RKFYF", // "T"
  "G]KFKULXNZQ[S[VZXXYUYF", // "U"
  "I[JFR[ RZFR[", // "V"
  "F^HFM[ RRFM[ RRFW[ R\\FW[", // "W"
  "H\\KFY[ RYFK[", // "X"
  "I[JFRPR[ RZFRP", // "Y"
  "H\\YFK[ RKFYF RK[Y[", // "Z"
  "KYOBOb RPBPb ROBVB RObVb", // "["
  "KYKFY^", // "\\"
  "KYTBTb RUBUb RNBUB RNbUb", // "]"
  "JZRDJR RRDZR", // "^"
  "I[Ib[b", // "_"
  "NVSKQMQORPSORNQO", // "`"
  "I\\XMX[ RXPVNTMQMONMPLSLUMXOZQ[T[VZXX", // "a"
  "H[LFL[ RLPNNPMSMUNWPXSXUWXUZS[P[NZLX", // "b"
  "I[XPVNTMQMONMPLSLUMXOZQ[T[VZXX", // "c"
  "I\\XFX[ RXPVNTMQMONMPLSLUMXOZQ[T[VZXX", // "d"
  "I[LSXSXQWOVNTMQMONMPLSLUMXOZQ[T[VZXX", // "e"
  "MYWFUFSGRJR[ ROMVM", // "f"
  "I\\XMX]W`VaTbQbOa RXPVNTMQMONMPLSLUMXOZQ[T[VZXX", // "g"
  "I\\MFM[ RMQPNRMUMWNXQX[", // "h"
  "NVQFRGSFREQF RRMR[", // "i"
  "MWRFSGTFSERF RSMS^RaPbNb", // "j"
  "IZMFM[ RWMMW RQSX[", // "k"
  "NVRFR[", // "l"
  "CaGMG[ RGQJNLMOMQNRQR[ RRQUNWMZM\\N]Q][", // "m"
  "I\\MMM[ RMQPNRMUMWNXQX[", // "n"
  "I\\QMONMPLSLUMXOZQ[T[VZXXYUYSXPVNTMQM", // "o"
  "H[LMLb RLPNNPMSMUNWPXSXUWXUZS[P[NZLX", // "p"
  "I\\XMXb RXPVNTMQMONMPLSLUMXOZQ[T[VZXX", // "q"
  "KXOMO[ ROSPPRNTMWM", // "r"
  "J[XPWNTMQMNNMPNRPSUTWUXWXXWZT[Q[NZMX", // "s"
  "MYRFRWSZU[W[ ROMVM", // "t"
  "I\\MMMWNZP[S[UZXW RXMX[", // "u"
  "JZLMR[ RXMR[", // "v"
  "G]JMN[ RRMN[ RRMV[ RZMV[", // "w"
  "J[MMX[ RXMM[", // "x"
  "JZLMR[ RXMR[P_NaLbKb", // "y"
  "J[XMM[ RMMXM RM[X[", // "z"
  "KYTBRCQDPFPHQJRKSMSOQQ RRCQEQGRISJTLTNSPORSTTVTXSZR[Q]Q_Ra RQSSUSWRYQZP\\P^Q`RaTb", // "{"
  "NVRBRb", // "|"
  "KYPBRCSDTFTHSJRKQMQOSQ RRCSESGRIQJPLPNQPURQTPVPXQZR[S]S_Ra RSSQUQWRYSZT\\T^S`RaPb", // "}"
  "F^IUISJPLONOPPTSVTXTZS[Q RISJQLPNPPQTTVUXUZT[Q[O", // "~"
];

export interface HersheyGlyph {
  /** Polylines in font units, Y up, baseline 0 (capitals reach 21, descenders -7), ink starting at x=0. */
  strokes: number[][];
  /** Ink width (font units); 0 for a glyph without strokes. */
  width: number;
  /** The glyph's advance in the original font (bearings included). */
  advance: number;
}

const cache = new Map<string, HersheyGlyph | null>();

/** The simplex glyph of one character, or null when the font has none (outside ASCII 32..126). */
export function hersheyGlyph(ch: string): HersheyGlyph | null {
  const hit = cache.get(ch);
  if (hit !== undefined) return hit;
  const code = ch.length === 1 ? ch.charCodeAt(0) : -1;
  const src = code >= 32 && code <= 126 ? SIMPLEX[code - 32] : undefined;
  let g: HersheyGlyph | null = null;
  if (src !== undefined) {
    const v = (i: number) => src.charCodeAt(i) - 82;
    const strokes: number[][] = [];
    let cur: number[] = [];
    let minX = Infinity, maxX = -Infinity;
    for (let i = 2; i + 1 < src.length; i += 2) {
      if (src[i] === ' ' && src[i + 1] === 'R') { if (cur.length) strokes.push(cur); cur = []; continue; }
      const x = v(i), y = 9 - v(i + 1);
      cur.push(x, y);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    }
    if (cur.length) strokes.push(cur);
    if (!strokes.length) minX = maxX = 0;
    for (const s of strokes) for (let k = 0; k < s.length; k += 2) s[k] -= minX;
    g = { strokes, width: maxX - minX, advance: v(1) - v(0) };
  }
  cache.set(ch, g);
  return g;
}
