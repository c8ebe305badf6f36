// `npm run bench -- scheduler`: the business-conference scheduler on an IMEX-size round (15,000 participants,
// 86,000 accepted meetings, 3 days of 16 slots, tables for the busiest slot, 10% of each participant's slots
// unavailable), built around a planted complete schedule so that 100% is feasible. Beside it, in the same run,
// a first-fit greedy baseline on the same input. Ends with one JSON line.
import os from 'node:os';
import { firstFit, idleGaps, schedule } from '../src/domain/businessConference/scheduler.js';
import { plantedInstance, violations } from './lib/scheduler-instance.js';

const t0 = performance.now();
const { input, tables } = plantedInstance({
  offers: 7_000,
  demands: 8_000,
  meetings: 86_000,
  days: 3,
  slotsPerDay: 16,
  unavailableShare: 0.1,
  maxDegree: 40,
  seed: 21,
});
const generated = (performance.now() - t0) / 1000;
const meetings = input.meetings.length;
const participants = new Set(input.meetings.flatMap((m) => [m.a, m.b])).size;
console.log(`instance: ${participants} participants with meetings, ${meetings} meetings, ${input.slots.length} slots, ${tables} tables per slot (generated in ${generated.toFixed(1)} s)`);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}`);

const t1 = performance.now();
const cpu0 = process.cpuUsage();
const ours = schedule(input);
const seconds = (performance.now() - t1) / 1000;
// CPU time beside the wall time: on a shared machine the two part ways.
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const t2 = performance.now();
const greedy = firstFit(input);
const greedySeconds = (performance.now() - t2) / 1000;

const oursBroken = violations(input, ours);
const greedyBroken = violations(input, greedy);
const row = (name: string, placed: number, gaps: number, s: number, broken: number) =>
  console.log(`${name.padEnd(22)} placed ${String(placed).padStart(6)} / ${meetings} (${((100 * placed) / meetings).toFixed(2)}%)  idle gaps ${String(gaps).padStart(7)}  ${s.toFixed(2)} s  invariants ${broken === 0 ? 'ok' : `BROKEN (${broken})`}`);
const oursGaps = idleGaps(input, ours.placements);
const greedyGaps = idleGaps(input, greedy.placements);
row('scheduler', ours.placements.length, oursGaps, seconds, oursBroken.length);
console.log(`${''.padEnd(22)} (CPU time ${cpuSeconds.toFixed(2)} s; load average ${os.loadavg()[0].toFixed(1)})`);
row('first-fit greedy', greedy.placements.length, greedyGaps, greedySeconds, greedyBroken.length);
if (oursBroken.length) console.log(oursBroken.slice(0, 10).join('\n'));

console.log(
  JSON.stringify({
    bench: 'scheduler',
    participants,
    meetings,
    slots: input.slots.length,
    tables,
    placed: ours.placements.length,
    placedRatio: Number((ours.placements.length / meetings).toFixed(5)),
    seconds: Number(seconds.toFixed(2)),
    cpuSeconds: Number(cpuSeconds.toFixed(2)),
    loadAverage: Number(os.loadavg()[0].toFixed(1)),
    idleGaps: oursGaps,
    invariantsOk: oursBroken.length === 0,
    greedyPlaced: greedy.placements.length,
    greedyPlacedRatio: Number((greedy.placements.length / meetings).toFixed(5)),
    greedySeconds: Number(greedySeconds.toFixed(2)),
    greedyIdleGaps: greedyGaps,
    cores: os.cpus().length,
    node: process.version,
  }),
);
