"""The KiCad side of bench/kicad.bench.ts: one Python process (pcbnew imported once, not timed) that
times pcbnew.LoadBoard on request, so that the bench can alternate it with our import in one run.

Reads lines `PATH<TAB>K` on stdin; for each, loads the board K times in a row and prints one JSON line
{"cpu": [ms...], "wall": [ms...], "blockCpu": ms, "blockWall": ms}: CPU time of the process
(time.process_time: every thread of it) and wall time of each LoadBoard, and of the K loads in a row
with the freeing of each board (`del`) counted, as our side counts its collector.
Prints {"ready": true} once pcbnew is imported; ends at end of input."""
import gc, json, sys, time
import pcbnew

print(json.dumps({'ready': True}), flush=True)
for line in sys.stdin:
    line = line.rstrip('\n')
    if not line:
        continue
    path, k = line.rsplit('\t', 1)
    cpus, walls = [], []
    gc.collect()
    b0 = time.perf_counter()
    bc0 = time.process_time()
    for _ in range(int(k)):
        t0 = time.perf_counter()
        c0 = time.process_time()
        b = pcbnew.LoadBoard(path)
        cpus.append((time.process_time() - c0) * 1000.0)
        walls.append((time.perf_counter() - t0) * 1000.0)
        del b
    block_cpu = (time.process_time() - bc0) * 1000.0
    block_wall = (time.perf_counter() - b0) * 1000.0
    print(json.dumps({'cpu': cpus, 'wall': walls, 'blockCpu': block_cpu, 'blockWall': block_wall}), flush=True)
