import type { RecordedEvent } from '../shared/event-log';
import type { Upcaster } from '../shared/upcaster';
import { SKILL_TAXONOMY_VERSION, storedSkillList } from '@crew/rules';

/**
 * Required skills as taxonomy keys: events written before the taxonomy hold
 * the skipper's words ("Navigation", "GPS electronics", "night watches").
 * Each value naming a skill becomes its key (each once); a value naming none
 * is kept as written, shown as it is and left out of match scores.
 */
function upcastSkills(event: RecordedEvent): RecordedEvent {
  const details = event.data['details'];
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return event;
  const skills = (details as Record<string, unknown>)['skills'];
  if (!Array.isArray(skills)) return event;
  const mapped = storedSkillList(skills);
  if (mapped.length === skills.length && mapped.every((value, index) => value === skills[index])) return event;
  return { ...event, data: { ...event.data, details: { ...details, skills: mapped } } };
}

/** Voyage details written before the "Includes food" checkbox: meals not included, as nothing said they were. */
function upcastIncludesFood(event: RecordedEvent): RecordedEvent {
  const details = event.data['details'];
  if (typeof details !== 'object' || details === null || Array.isArray(details) || typeof (details as Record<string, unknown>)['includesFood'] === 'boolean') return event;
  return { ...event, data: { ...event.data, details: { ...details, includesFood: false } } };
}

const skillsDescription = (type: string) =>
  `${type} with required skills written as words (before the skill taxonomy, version ${SKILL_TAXONOMY_VERSION}): each skill as its taxonomy key, words naming no skill kept as written`;

/**
 * Read-time corrections of Voyage events (see Upcaster). Add one here when an
 * event in the log has a shape the current projectors, reactors or the
 * aggregate cannot read: match the bad event by type (and, for a one-off
 * repair, by id), return it corrected, and retry its parked copies with
 * `npm run projections -- retry <name|all>`.
 */
export const voyageUpcasters: readonly Upcaster[] = [
  ...(['VoyageDraftSaved', 'VoyagePublished', 'VoyageDetailsEdited'] as const).map((eventType): Upcaster => ({
    eventType,
    description: skillsDescription(eventType),
    upcast: upcastSkills,
  })),
  ...(['VoyageDraftSaved', 'VoyagePublished', 'VoyageDetailsEdited'] as const).map((eventType): Upcaster => ({
    eventType,
    description: `${eventType} from before the skipper said whether meals are included: includesFood false`,
    upcast: upcastIncludesFood,
  })),
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
