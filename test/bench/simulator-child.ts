/** Child of client-cpu.bench.ts: the simulator in a process of its own, its address printed. */
import { startSimulator } from '../../src-main/simulator/server.ts';

const [key = '', processingMs = '1500'] = process.argv.slice(2);
const sim = await startSimulator({
  accounts: [{ key, credits: 1_000_000 }],
  watermark: { processingMs: Number(processingMs), jitter: 0.2 },
});
console.log(sim.watermarkBaseUrl);
process.once('SIGTERM', () => void sim.stop().then(() => process.exit(0)));
