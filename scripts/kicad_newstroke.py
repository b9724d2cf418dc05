"""KiCad's stroke font ("KiCad Font", newstroke) read from the KiCad installed on this machine, for
Copperplate's KiCad text (packages/board/src/text-kicad.ts). The glyphs are KiCad's (GPL), so they are
not in our repository: `node scripts/ensure.mjs --kicad` runs this script into an uncommitted cache
(.cache/kicad/newstroke.json), which the apps load when present.

How: pcbnew lays out each character U+0020..U+007E as a PCB text 21 mm high (one font unit = 1 mm),
centred on the origin, and gives back its stroke segments (EDA_TEXT::TransformToSegmentList). The
glyph's advance is measured by laying out the character before a '|' (the bar moves by half the
advance when the pair is centred); its strokes are the segments chained into polylines, X from the
glyph's left edge, Y down from the font's origin line, in font units.

Usage: /usr/bin/python3 kicad_newstroke.py OUT.json
Writes {"kicad": VERSION, "first": 32, "glyphs": [{"advance": A, "strokes": [[x, y, x, y, ...], ...]}, ...]}.
"""
import json, os, sys
import pcbnew

UNIT = 1000000  # nm per font unit: a text 21 mm high, the font's em is 21 units
board = pcbnew.BOARD()


def size(v):
    return pcbnew.wxSize(v, v) if hasattr(pcbnew, 'wxSize') else pcbnew.VECTOR2I(v, v)


def point(x, y):
    return pcbnew.wxPoint(x, y) if hasattr(pcbnew, 'wxPoint') else pcbnew.VECTOR2I(x, y)


def segments(text):
    """The text's stroke segments as [(x0, y0, x1, y1)], in font units (centred on the origin, Y down)."""
    t = pcbnew.PCB_TEXT(board)
    t.SetText(text)
    t.SetTextSize(size(21 * UNIT))
    t.SetTextThickness(UNIT)
    t.SetHorizJustify(pcbnew.GR_TEXT_HJUSTIFY_CENTER)
    t.SetVertJustify(pcbnew.GR_TEXT_VJUSTIFY_BOTTOM)
    t.SetTextPos(point(0, 0))
    pts = [(p.x, p.y) for p in t.TransformToSegmentList()]
    out = []
    for i in range(0, len(pts) - 1, 2):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        out.append(tuple(round(v / UNIT * 2) / 2 for v in (x0, y0, x1, y1)))
    return out


def whole(v, what):
    if abs(v - round(v)) > 1e-6:
        raise SystemExit('kicad_newstroke: %s is not a whole font unit (%r)' % (what, v))
    return int(round(v))


bar_alone = segments('|')[-1][0]
glyphs = []
for code in range(32, 127):
    c = chr(code)
    # centred "c|": the bar sits half of c's advance right of where it sits alone
    advance = whole(2 * (segments(c + '|')[-1][0] - bar_alone), 'advance of %r' % c)
    strokes = []
    for (x0, y0, x1, y1) in segments(c):
        # centred alone: X from the glyph's left edge is x + advance / 2
        a = (whole(x0 + advance / 2, 'x'), whole(y0, 'y'))
        b = (whole(x1 + advance / 2, 'x'), whole(y1, 'y'))
        if strokes and (strokes[-1][-2], strokes[-1][-1]) == a:
            strokes[-1].extend(b)
        else:
            strokes.append([a[0], a[1], b[0], b[1]])
    glyphs.append({'advance': advance, 'strokes': strokes})

out = os.path.abspath(sys.argv[1])
os.makedirs(os.path.dirname(out), exist_ok=True)
tmp = out + '.%d.tmp' % os.getpid()
with open(tmp, 'w') as f:
    json.dump({'kicad': pcbnew.Version(), 'first': 32, 'glyphs': glyphs}, f, separators=(',', ':'))
os.replace(tmp, out)
print(json.dumps({'glyphs': len(glyphs), 'kicad': pcbnew.Version()}))
