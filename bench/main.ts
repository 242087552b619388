/**
 * npm run bench [-- --quick] [--only <suite>,<suite>] [--replay-events <n>] [--cpu-prof]: how fast live is, on
 * this machine, against a baseline measured in the same run. Prints a Markdown
 * table and writes the full figures to bench/results/<timestamp>.json.
 * Everything runs on loopback, bounded in size and time, and stops by itself.
 * --cpu-prof has every server write a V8 profile to bench/results/profiles/.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { profiles } from './profiles';
import type { SuiteResult } from './report/bench-row';
import { resultsTable } from './report/results-table';
import { writeResults } from './report/write-results';
import { profileServersInto } from './suites/bench-processes';
import { runFanout } from './suites/fanout';
import { runIntake } from './suites/intake';
import { runMemoryReplay } from './suites/memory-replay';
import { runTokenEndpoint } from './suites/token-endpoint';
import { runUpstream } from './suites/upstream';

const suites = {
  fanout: runFanout,
  upstream: runUpstream,
  intake: runIntake,
  replay: runMemoryReplay,
  token: runTokenEndpoint,
} satisfies Record<string, (profile: (typeof profiles)[keyof typeof profiles]) => Promise<SuiteResult>>;

const SuiteName = z.enum(Object.keys(suites) as [keyof typeof suites, ...Array<keyof typeof suites>]);
const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, 'cpu-prof': { type: 'boolean', default: false }, 'replay-events': { type: 'string' } } });
const only = values.only === undefined ? (Object.keys(suites) as Array<keyof typeof suites>) : z.array(SuiteName).parse(values.only.split(','));
const chosen = values.quick ? profiles.quick : profiles.full;
// A shorter replay than the profile's, for a machine where the full one would not finish in time.
const replayEvents = values['replay-events'] === undefined ? chosen.replay.totalEvents : z.coerce.number().int().min(chosen.replay.baselineEvents * 2).parse(values['replay-events']);
const profile = { ...chosen, replay: { ...chosen.replay, totalEvents: replayEvents } };
if (values['cpu-prof']) profileServersInto(path.resolve(import.meta.dirname, 'results', 'profiles'));

const startedAt = new Date();
const results: SuiteResult[] = [];
for (const name of only) {
  const began = performance.now();
  process.stderr.write(`bench: ${name} (${profile.name})…\n`);
  results.push(await suites[name](profile));
  process.stderr.write(`bench: ${name} done in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
}
const file = await writeResults({ profile: profile.name, startedAt, suites: results });
process.stdout.write(`\n${resultsTable(results.flatMap((result) => result.rows))}\n\nprofile ${profile.name}, ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s; figures in ${file}\n`);
