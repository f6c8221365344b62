import 'reflect-metadata';
import { runWithApplication } from './cli-application';
import { describeDemo, seedDemo } from './demo/demo-seed';

/**
 * npm run demo
 * Fills an empty database (DATABASE_URL, or the embedded one under DATA_DIR)
 * with demo skippers, crew, drawn boats, voyages and applications through the
 * command handlers the API uses, projects them, and prints what it made.
 * A database that already has voyages is left alone.
 */
runWithApplication(async (runtime) => {
  runtime.startProjectors();
  const started = performance.now();
  const summary = await seedDemo(runtime, { log: (line) => console.log(line) });
  console.log(describeDemo(summary, runtime.baseUrl));
  if (summary.lastPosition && !(await runtime.progress.waitFor(summary.lastPosition, ['voyage-summaries', 'applications'], 120_000))) {
    throw new Error('The read models did not catch up within 2 minutes');
  }
  if (!summary.skipped) console.log(`Done in ${Math.round((performance.now() - started) / 1000)} s.`);
});
