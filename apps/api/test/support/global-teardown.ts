export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __crewStopPostgres?: () => Promise<void> }).__crewStopPostgres?.();
}
