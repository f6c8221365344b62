import { normaliseGroupedSkills, storedSkillList } from '@crew/domain';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One skill taxonomy (libs/domain shared-rules/skill-taxonomy.ts). Stored
 * values written before it are mapped onto it with the same normalising
 * functions the event upcasters use:
 *  - `users.crew_skills`: every code under its own group, older codes and
 *    words as their key, values naming no skill dropped;
 *  - `voyage_summaries.skills`: as the voyage events now read (each skill as
 *    its key, words naming none kept as written), so the live rows equal a rebuild.
 * Nothing is lost that the taxonomy can name, so `down` leaves the rows as they are.
 */
export class OneSkillTaxonomy1764930000000 implements MigrationInterface {
  name = 'OneSkillTaxonomy1764930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const users = (await queryRunner.query(`SELECT id, crew_skills FROM users WHERE crew_skills IS NOT NULL`)) as { id: string; crew_skills: Record<string, unknown[]> }[];
    for (const user of users) {
      const grouped = normaliseGroupedSkills(user.crew_skills);
      if (JSON.stringify(grouped) !== JSON.stringify(user.crew_skills)) {
        await queryRunner.query('UPDATE users SET crew_skills = $2 WHERE id = $1', [user.id, JSON.stringify(grouped)]);
      }
    }
    const voyages = (await queryRunner.query(`SELECT voyage_id, skills FROM voyage_summaries WHERE jsonb_array_length(skills) > 0`)) as { voyage_id: string; skills: unknown[] }[];
    for (const voyage of voyages) {
      const stored = storedSkillList(voyage.skills);
      if (JSON.stringify(stored) !== JSON.stringify(voyage.skills)) {
        await queryRunner.query('UPDATE voyage_summaries SET skills = $2 WHERE voyage_id = $1', [voyage.voyage_id, JSON.stringify(stored)]);
      }
    }
  }

  async down(): Promise<void> {
    // The keys read as well as the words they replaced: nothing to undo.
  }
}
