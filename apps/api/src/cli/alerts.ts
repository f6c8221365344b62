import 'reflect-metadata';
import { AlertDigests } from '../modules/alerts/alert-digests';
import type { Application } from '../application';
import { runWithApplication } from './cli-application';

const USAGE = `Usage:
  npm run alerts -- send-digests   make and queue the daily and weekly digests that are due now (once per search and period,
                                   whatever else runs them); the worker role sends them`;

const sendDigests = async (runtime: Application): Promise<void> => {
  const result = await runtime.get(AlertDigests).tick();
  if (!result.ran) {
    console.log('Another process is making digests right now: nothing done. Try again in a moment.');
    process.exitCode = 1;
    return;
  }
  console.log(`${result.made} digest(s) made, ${result.queued} queued for sending.`);
};

const tasks: Record<string, (runtime: Application) => Promise<void>> = { 'send-digests': sendDigests };
const task = tasks[process.argv[2] ?? ''];
if (!task) {
  console.error(USAGE);
  process.exit(2);
}
runWithApplication(task);
