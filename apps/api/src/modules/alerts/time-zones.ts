import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';

/** A time zone the database knows too (digests are timed there in SQL): an unknown one is refused, never a failed pass later. */
export async function checkTimeZone(dataSource: DataSource, zone: string): Promise<string> {
  const found = await dataSource.query<unknown[]>('SELECT 1 FROM pg_timezone_names WHERE name = $1', [zone]);
  if (found.length === 0) throw new ApplicationError('validation', 'VALIDATION_FAILED', 'Unknown time zone', { details: [{ path: 'time_zone', message: 'Unknown time zone' }] });
  return zone;
}
