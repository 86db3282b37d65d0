// Cold start: from spawning the built server to its first successful /api/heartbeat, on a new data folder
// (migrations and seed load) and again on the same folder (seed already there).
import { startServer } from './lib.mjs';

const first = await startServer({ port: 3291 });
await first.stop();
const second = await startServer({ port: 3291, dataDir: first.dataDir });
await second.stop();
console.log(`cold start to first heartbeat, new data folder:      ${first.startupMs.toFixed(0)} ms`);
console.log(`cold start to first heartbeat, existing data folder: ${second.startupMs.toFixed(0)} ms`);
