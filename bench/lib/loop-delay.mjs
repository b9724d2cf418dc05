// Preloaded into the load bench's server process (`node --import`): the event loop's delay and
// utilisation over the measured phase. The first SIGUSR2 starts the count, the second writes
// {p50, p99, max} of the loop delay (ms) and the loop's utilisation (0..1) to LOOP_DELAY_OUT.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';

const out = process.env.LOOP_DELAY_OUT;
if (out) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let signals = 0;
  let elu = performance.eventLoopUtilization();
  process.on('SIGUSR2', () => {
    if (signals++ === 0) {
      h.reset();
      elu = performance.eventLoopUtilization();
      return;
    }
    const u = performance.eventLoopUtilization(elu);
    writeFileSync(out, JSON.stringify({ p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6, utilization: u.utilization }));
  });
}
