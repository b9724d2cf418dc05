"""Counts of every board given on the command line as KiCad's own Python module reads them, one JSON
object per board on stdout (one process for all boards: pcbnew's import costs most of the time).
With --time [--repeat=N], also the median wall and CPU time of pcbnew.LoadBoard per board (the
baseline of bench/kicad)."""
import json, sys, time
import pcbnew

timed = '--time' in sys.argv
repeat = 1
for a in sys.argv:
    if a.startswith('--repeat='):
        repeat = int(a.split('=', 1)[1])
for path in [a for a in sys.argv[1:] if not a.startswith('--')]:
    times = []
    cpus = []
    for _ in range(repeat if timed else 1):
        t0 = time.perf_counter()
        c0 = time.process_time()
        b = pcbnew.LoadBoard(path)
        cpus.append((time.process_time() - c0) * 1000.0)
        times.append((time.perf_counter() - t0) * 1000.0)
    fps = list(b.GetFootprints())
    tracks = arcs = vias = 0
    via_kinds = {}
    for t in b.GetTracks():
        c = t.GetClass()
        if c == 'PCB_VIA':
            vias += 1
            k = str(t.GetViaType())
            via_kinds[k] = via_kinds.get(k, 0) + 1
        elif c == 'PCB_ARC':
            arcs += 1
        else:
            tracks += 1
    zones = list(b.Zones())
    out = {
        'file': path,
        'footprints': len(fps),
        'pads': sum(len(list(f.Pads())) for f in fps),
        'tracks': tracks,
        'arcs': arcs,
        'vias': vias,
        'zones': len(zones),
        'nets': b.GetNetCount(),
        'drawings': len(list(b.GetDrawings())),
    }
    if timed:
        times.sort()
        cpus.sort()
        out['loadMs'] = times[len(times) // 2]
        out['loadCpuMs'] = cpus[len(cpus) // 2]
    print(json.dumps(out), flush=True)
