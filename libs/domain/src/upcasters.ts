import type { Upcaster } from './shared/upcaster';
import { voyageUpcasters } from './voyage/voyage.upcasters';

/** Every upcaster of the platform: the event store applies them to every event it reads. */
export const eventUpcasters: readonly Upcaster[] = [...voyageUpcasters];
