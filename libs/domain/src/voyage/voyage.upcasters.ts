import type { Upcaster } from '../shared/upcaster';

/**
 * Read-time corrections of Voyage events (see Upcaster). Add one here when an
 * event in the log has a shape the current projectors, reactors or the
 * aggregate cannot read: match the bad event by type (and, for a one-off
 * repair, by id), return it corrected, and retry its parked copies with
 * `npm run projections -- retry <name|all>`. None are needed today.
 */
export const voyageUpcasters: readonly Upcaster[] = [];
