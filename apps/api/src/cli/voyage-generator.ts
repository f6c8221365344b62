import { randomUUID } from 'node:crypto';
import { Voyage, voyageStreamId, type PortStop, type VoyagePlan } from '@crew/domain';
import { hashPassword } from '../modules/accounts/password-hasher';
import type { LogPosition } from '../platform/event-store/event-store.port';
import type { Application } from '../application';
import { generatedPlan } from './generated-plan';
import { seededRandom } from './seeded-random';

interface PortRow {
  id: string;
  name: string;
  longitude: number;
  latitude: number;
}

/**
 * Publishes `count` voyages through the same command path the API uses
 * (aggregate decide + append), from a few dozen generated skippers with a boat
 * each, between real ports of the catalogue. `concurrency` commands run at once.
 */
export async function generateVoyages(
  runtime: Application,
  count: number,
  options: { concurrency?: number; seed?: number; log?: (line: string) => void } = {},
): Promise<{ voyages: number; milliseconds: number; lastPosition: LogPosition | null }> {
  const next = seededRandom(options.seed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const ports = await runtime.dataSource.query<PortRow[]>('SELECT id, name, longitude, latitude FROM ports WHERE listed ORDER BY id');
  if (ports.length < 2) throw new Error('The ports table is empty: run the migrations first');
  const skippers: { id: string; boatId: string }[] = [];
  const password = await hashPassword(randomUUID());
  for (let i = 0; i < 40; i++) {
    const [user] = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified)
       VALUES ($1, $2, $3, $4, 'skipper', true) ON CONFLICT (lower(email)) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
      [`generated-skipper-${i}@crew-finder.local`, password, pick(['Ann', 'Ben', 'Cleo', 'Dai', 'Eve', 'Finn']), `Skipper ${i}`],
    );
    const [boat] = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO boats (owner_id, name, boat_type, length_feet, max_crew, equipment) VALUES ($1, $2, 'monohull', 38, 6, '{"safety":[],"navigation":[],"comfort":[]}') RETURNING id`,
      [user!.id, `Generated ${i}`],
    );
    skippers.push({ id: user!.id, boatId: boat!.id });
  }

  const stopOf = (port: PortRow): PortStop => ({ name: port.name, portId: port.id, coordinates: [port.longitude, port.latitude] });
  const today = Date.now();
  const planOf = (): { plan: VoyagePlan; skipper: { id: string; boatId: string } } => {
    // Legs between near neighbours (within ~6°), as real passages are, from a random start.
    const first = pick(ports);
    const stops = [first];
    const legs = 1 + Math.floor(next() * 3);
    for (let leg = 0; leg < legs; leg++) {
      const from = stops[stops.length - 1]!;
      const near = ports.filter((p) => p.id !== from.id && Math.abs(p.longitude - from.longitude) < 6 && Math.abs(p.latitude - from.latitude) < 6);
      stops.push(near.length ? pick(near) : pick(ports));
    }
    const start = new Date(today + (1 + Math.floor(next() * 300)) * 86_400_000);
    const end = new Date(start.getTime() + (1 + Math.floor(next() * 45)) * 86_400_000);
    return { skipper: pick(skippers), plan: generatedPlan(next, stops.map(stopOf), start, end, 'Generated voyage for load and browse testing.') };
  };

  const started = performance.now();
  let made = 0;
  let lastPosition: LogPosition | null = null;
  const worker = async (): Promise<void> => {
    while (made < count) {
      made++;
      const { plan, skipper } = planOf();
      const outcome = await runtime.repository.execute(
        Voyage,
        voyageStreamId(randomUUID()),
        { type: 'PublishVoyage', actorId: skipper.id, plan, boat: { id: skipper.boatId, ownerId: skipper.id, isActive: true } },
        { userId: skipper.id, correlationId: randomUUID() },
      );
      if (
        outcome.position &&
        (!lastPosition || outcome.position.commit > lastPosition.commit || (outcome.position.commit === lastPosition.commit && outcome.position.prepare > lastPosition.prepare))
      ) {
        lastPosition = outcome.position;
      }
      if (made % 1000 === 0) options.log?.(`${made} voyages published`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return { voyages: count, milliseconds: performance.now() - started, lastPosition };
}
