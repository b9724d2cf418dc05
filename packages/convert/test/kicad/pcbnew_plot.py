"""KiCad's own Gerbers of a board (the reference of the KiCad import's Gerber comparison, issue 15):
every enabled copper layer and Edge.Cuts plotted by pcbnew's plot API into OUTDIR, one file per layer
named after the layer (F_Cu.gbr, In1_Cu.gbr, B_Cu.gbr, Edge_Cuts.gbr). Zones are plotted with the
fills stored in the file, as KiCad's own plot does; holes are not drawn into the pads.
Prints one JSON line: {"layers": {"F.Cu": "F_Cu.gbr", ...}}.
Usage: python3 pcbnew_plot.py BOARD.kicad_pcb OUTDIR [--macros]
--macros: rounded rectangles and turned ovals as aperture macros (as ours are: gerbv draws a macro flash
about a pixel off the same shape drawn as a region, so both sides should use the same kind); without
it every pad is a flash or a region (gerbv crashes on the long macros of custom pads)."""
import json, os, sys
import pcbnew

path, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
macros = '--macros' in sys.argv[3:]
os.makedirs(out, exist_ok=True)
board = pcbnew.LoadBoard(path)
pc = pcbnew.PLOT_CONTROLLER(board)
po = pc.GetPlotOptions()
po.SetOutputDirectory(out)
po.SetPlotFrameRef(False)
po.SetUseGerberProtelExtensions(False)
po.SetUseGerberAttributes(False)
# pads as regions unless asked: gerbv cannot read the long aperture macros of custom pads (it crashes)
po.SetDisableGerberMacros(not macros)
po.SetUseAuxOrigin(False)
po.SetSkipPlotNPTH_Pads(False)
po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.NO_DRILL_SHAPE)
po.SetPlotValue(False)
po.SetPlotReference(False)
layers = {}
ids = list(board.GetEnabledLayers().CuStack()) + [pcbnew.Edge_Cuts]
for lid in ids:
    name = pcbnew.BOARD.GetStandardLayerName(lid)
    stem = name.replace('.', '_')
    pc.SetLayer(lid)
    pc.OpenPlotfile(stem, pcbnew.PLOT_FORMAT_GERBER, name)
    pc.PlotLayer()
    pc.ClosePlot()
    # the controller names files BOARD-STEM.gbr
    base = os.path.splitext(os.path.basename(path))[0]
    src = os.path.join(out, '%s-%s.gbr' % (base, stem))
    dst = os.path.join(out, stem + '.gbr')
    if os.path.exists(src):
        os.replace(src, dst)
    layers[name] = stem + '.gbr'
print(json.dumps({'layers': layers}))
