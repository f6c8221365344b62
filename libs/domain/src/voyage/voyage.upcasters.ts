import type { Upcaster } from '../shared/upcaster';

/**
 * Read-time corrections of Voyage events (see Upcaster). Add one here when an
 * event in the log has a shape the current projectors, reactors or the
 * aggregate cannot read: match the bad event by type (and, for a one-off
 * repair, by id), return it corrected, and retry its parked copies with
 * `npm run projections -- retry <name|all>`.
 */
export const voyageUpcasters: readonly Upcaster[] = [
  {
    eventType: 'FloatPlanFiled',
    description: 'FloatPlanFiled without filedAt: the time the event was recorded, so a plan filed with its overdue alert already due is never declared overdue',
    upcast: (event) => {
      if (typeof event.data['filedAt'] === 'string') return event;
      const stamped = Date.parse(event.metadata.timestamp);
      const at = Number.isFinite(stamped) ? stamped : event.recordedAt.getTime();
      return Number.isFinite(at) ? { ...event, data: { ...event.data, filedAt: new Date(at).toISOString() } } : event;
    },
  },
];
