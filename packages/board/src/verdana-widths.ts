/**
 * Verdana's advance widths (font units of a 2048 em) where they differ from those of its substitute,
 * Debian's fonts-arkpandora Veranda (Bitstream Vera with Verdana's name: not metric-compatible; 116 of
 * 199 Latin-1 widths differ by more than 2 units, e.g. 'I' 862 against 604, '/' 930 against 690).
 * EasyEDA sizes text in Verdana by Verdana's own advances (Hexapod's reverse label boxes: "LCD I2C" is
 * 0.24 mm longer than Veranda's advances give, "+5V" 0.03 mm shorter). The numbers are the browser
 * measurements of Verdana at 10 px published by the npm package anafanafo (MIT; the data of
 * shields.io's badges) times 204.8, rounded; code point (hex): advance, for regular and bold (Verdana
 * Italic's are not known: italic text keeps the substitute's).
 */
function table(s: string): ReadonlyMap<string, number> {
  const m = new Map<string, number>();
  for (const t of s.trim().split(/\s+/)) { const [c, a] = t.split(':'); m.set(String.fromCodePoint(parseInt(c, 16)), Number(a)); }
  return m;
}

export const VERDANA_WIDTHS = {
  regular: table(
  '20:721 21:807 23:1675 25:2204 26:1489 27:551 28:930 29:930 2a:1303 2b:1675 2c:745 2d:930 2e:745 2f:930 3a:930 ' +
  '3b:930 3c:1675 3d:1675 3e:1675 3f:1116 49:862 4a:932 4b:1419 4d:1726 53:1401 54:1262 59:1260 5b:930 5c:930 ' +
  '5d:930 5e:1675 5f:1303 60:1303 61:1231 62:1276 63:1067 64:1276 65:1221 67:1276 69:561 6a:705 6b:1212 6c:561 ' +
  '6f:1243 70:1276 71:1276 72:874 74:807 7b:1300 7c:930 7d:1300 7e:1675 a0:721 a1:807 a6:930 a7:1303 a8:1303 ' +
  'aa:1116 ab:1321 ac:1675 af:1303 b0:1110 b1:1675 b2:1110 b3:1110 b4:1303 b5:1315 b7:745 b8:1303 b9:1110 ba:1116 ' +
  'bb:1321 bc:2048 bd:2048 be:2048 bf:1116 c6:2015 cc:862 cd:862 ce:862 cf:862 d7:1675 dd:1260 df:1270 e0:1231 ' +
  'e1:1231 e2:1231 e3:1231 e4:1231 e5:1231 e6:1956 e7:1067 e8:1221 e9:1221 ea:1221 eb:1221 ec:561 ed:561 ee:561 ' +
  'ef:561 f2:1243 f3:1243 f4:1243 f5:1243 f6:1243 f7:1675 f8:1243 fe:1276 2013:1303 2018:551 2019:551 201c:940 ' +
  '201d:940 2022:1116 2026:1675 2122:2001 '),
  bold: table(
  '20:700 21:823 22:1202 23:1776 24:1456 25:2605 26:1765 27:680 28:1112 29:1112 2a:1456 2b:1776 2c:739 2d:983 ' +
  '2e:739 2f:1411 30:1456 31:1456 32:1456 33:1456 34:1456 35:1456 36:1456 37:1456 38:1456 39:1456 3a:823 3b:823 ' +
  '3c:1776 3d:1776 3e:1776 3f:1264 40:1974 41:1589 43:1483 46:1331 47:1661 49:1118 4a:1137 4b:1579 4d:1942 ' +
  '4e:1735 52:1602 53:1454 56:1565 57:2310 58:1565 59:1509 5a:1417 5b:1112 5c:1411 5d:1112 5e:1776 5f:1456 ' +
  '60:1456 61:1368 62:1432 63:1204 64:1432 65:1360 66:864 67:1432 6a:825 6b:1374 6d:2167 70:1432 71:1432 72:1018 ' +
  '73:1214 74:934 76:1331 77:2005 78:1370 7a:1223 7c:1112 7e:1776 a0:700 a1:823 a2:1456 a3:1456 a4:1456 a5:1456 ' +
  'a6:1112 a7:1456 a8:1456 a9:1974 aa:1225 ab:1741 ac:1776 ae:1974 af:1456 b0:1202 b1:1776 b2:1225 b3:1225 ' +
  'b4:1456 b5:1477 b6:1456 b7:739 b8:1456 b9:1225 ba:1225 bb:1741 bc:2421 bd:2421 be:2421 bf:1264 c0:1589 c1:1589 ' +
  'c2:1589 c3:1589 c4:1589 c5:1589 c6:2241 c7:1483 cc:1118 cd:1118 ce:1118 cf:1118 d0:1700 d1:1735 d7:1776 ' +
  'dd:1509 de:1505 df:1460 e0:1368 e1:1368 e2:1368 e3:1368 e4:1368 e5:1368 e6:2085 e7:1204 e8:1360 e9:1360 ' +
  'ea:1360 eb:1360 f0:1391 f7:1776 fe:1432 2013:1456 2018:680 2019:680 201c:1202 201d:1202 2022:1456 2026:2148 ' +
  '20ac:1456 2122:1974 '),
};
