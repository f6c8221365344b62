import type { PortStop, VoyagePlan } from '@crew/domain';

export const GENERATED_TITLES = ['Coastal hop', 'Offshore passage', 'Island cruise', 'Delivery trip', 'Ocean crossing', 'Weekend sail', 'Regatta week', 'Night passage training'];
export const GENERATED_SKILLS = ['Navigation', 'Night Watches', 'Helm/Steering', 'VHF Radio', 'Cooking', 'First Aid'];

/**
 * The plan of a generated voyage between the given stops and dates: title,
 * level, skills, crew and contribution drawn from `next` (the generators'
 * seeded random), in one fixed order so a seed always makes the same plan.
 */
export function generatedPlan(next: () => number, stops: readonly PortStop[], start: Date, end: Date, description: string): VoyagePlan {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const type = pick(['free', 'shared_costs', 'paid'] as const);
  return {
    title: `${pick(GENERATED_TITLES)}: ${stops[0]!.name} to ${stops[stops.length - 1]!.name}`,
    description,
    startDate: start.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
    minExperience: pick(['beginner', 'intermediate', 'advanced', 'expert'] as const),
    skills: [pick(GENERATED_SKILLS), pick(GENERATED_SKILLS)],
    crewNeeded: 1 + Math.floor(next() * 8),
    contribution: { type, amount: type === 'free' ? null : 50 * (1 + Math.floor(next() * 20)), currency: pick(['USD', 'EUR', 'GBP'] as const), details: '' },
    isCustom: false,
    customNotes: '',
    stops: [...stops],
    custom: null,
  };
}
