import 'reflect-metadata';
import { runWithApplication } from './cli-application';
import { generateVoyages } from './voyage-generator';

/**
 * npm run voyages:generate -- [count]   (default 10000)
 * Publishes generated voyages through the command path into the configured
 * database (or the embedded one under DATA_DIR), then projects them (or waits
 * for the app's projector, if one is running) so they can be browsed at once.
 */
const count = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npm run voyages:generate -- [count between 1 and 1000000]');
  process.exit(2);
}
runWithApplication(async (runtime) => {
  runtime.startProjectors();
  const result = await generateVoyages(runtime, count, { log: (line) => console.log(line) });
  console.log(`${result.voyages} voyages published in ${Math.round(result.milliseconds)} ms`);
  if (result.lastPosition && !(await runtime.progress.waitFor(result.lastPosition, ['voyage-summaries'], 600_000))) {
    throw new Error('The voyage read model did not catch up within 10 minutes');
  }
  console.log('voyage read model is up to date');
});
