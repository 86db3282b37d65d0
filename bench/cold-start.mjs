// Cold start: from spawning the built server to its first successful /api/heartbeat, on a new data folder
// (unpacked from the build's database template, then migrations and seed checked) and again, three times,
// on the same folder. Targets: under 2 s on a new data folder (the build excluded), and on an existing one.
import { benchPort, machineNote, startServer } from './lib.mjs';

const first = await startServer({ port: benchPort(1) });
await first.stop();
const again = [];
const cpu = [];
for (let i = 0; i < 3; i++) {
  const server = await startServer({ port: benchPort(1), dataDir: first.dataDir });
  again.push(server.startupMs);
  cpu.push(server.startupCpuMs ?? NaN);
  await server.stop();
}
const median = (values) => [...values].sort((a, b) => a - b)[1];
console.log(machineNote());
console.log(
  `cold start to first heartbeat, new data folder:      ${first.startupMs.toFixed(0)} ms (target ≤ 2000 ms), ` +
    `of which the server's own CPU time ${(first.startupCpuMs ?? NaN).toFixed(0)} ms`,
);
console.log(
  `cold start to first heartbeat, existing data folder: ${median(again).toFixed(0)} ms median ` +
    `(${again.map((ms) => ms.toFixed(0)).join(', ')}; target < 2000 ms), ` +
    `of which the server's own CPU time ${median(cpu).toFixed(0)} ms`,
);
