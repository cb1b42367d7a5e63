// `npm run devices [-- --url http://127.0.0.1:8080 --user admin --password … --gates 4
//   --cameras 3 --minutes 10 --scans 4 --every 2000 --prefix SIM --tz Asia/Shanghai --state .devices.json]`
// plays a fleet of devices against a running server, for demos and load tests (docs/operations.md
// "Device simulator"): a ticket window sells, gate devices scan what it sold, cameras count
// people, every device beats. The devices' credentials are kept in the state file, so a second
// run reuses them instead of registering new terminals.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DeviceFleet, type FleetState, type TickCounts } from './devices/fleet.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.DEVICES_URL ?? 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.DEVICES_PASSWORD ?? process.env.ADMIN_PASSWORD },
    scenic: { type: 'string' },
    gates: { type: 'string', default: '4' },
    cameras: { type: 'string', default: '3' },
    minutes: { type: 'string', default: '10' },
    scans: { type: 'string', default: '4' },
    every: { type: 'string', default: '2000' },
    prefix: { type: 'string', default: 'SIM' },
    tz: { type: 'string', default: 'Asia/Shanghai' },
    state: { type: 'string', default: '.devices.json' },
  },
});

const positive = (name: string, text: string | undefined, min = 0): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return n;
};

if (!values.password)
  throw new Error('--password (or DEVICES_PASSWORD / ADMIN_PASSWORD) is needed to sign the staff account in');
const statePath = values.state!;
const state: FleetState = fs.existsSync(statePath)
  ? (JSON.parse(fs.readFileSync(statePath, 'utf8')) as FleetState)
  : { devices: {} };

const fleet = new DeviceFleet(
  {
    baseUrl: values.url!.replace(/\/$/, ''),
    username: values.user!,
    password: values.password!,
    scenicId: values.scenic ? positive('scenic', values.scenic, 1) : undefined,
    gates: positive('gates', values.gates, 1),
    cameras: positive('cameras', values.cameras),
    prefix: values.prefix!,
    timeZone: values.tz,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  },
  state,
);

try {
  await fleet.setup();
} finally {
  fs.writeFileSync(statePath, JSON.stringify(state, null, 2), { mode: 0o600 });
}

const until = Date.now() + positive('minutes', values.minutes, 1) * 60_000;
const every = positive('every', values.every, 100);
const scans = positive('scans', values.scans, 1);
const total: TickCounts = { beats: 0, sold: 0, scans: 0, admitted: 0, counts: 0, failures: 0 };
let stopped = false;
process.on('SIGINT', () => (stopped = true));
while (!stopped && Date.now() < until) {
  const started = Date.now();
  const done = await fleet.tick(started, scans);
  for (const key of Object.keys(total) as (keyof TickCounts)[]) total[key] += done[key];
  const took = Date.now() - started;
  console.log(
    `${new Date().toISOString()} tick ${took} ms: ${done.scans} scans (${done.admitted} passed), ${done.sold} sold, ${done.beats} beats, ${done.counts} counts, ${done.failures} failures`,
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, every - took)));
}
console.log(`total: ${JSON.stringify(total)}`);
