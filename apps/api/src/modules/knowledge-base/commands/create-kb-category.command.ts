import type { KbCategory } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { slugify } from '../kb-read-model';

export class CreateKbCategory {
  constructor(readonly name: string) {}
}

/** An administrator adds a knowledge-base category (last in order); names are unique. */
@CommandHandler(CreateKbCategory)
export class CreateKbCategoryHandler implements ICommandHandler<CreateKbCategory, KbCategory> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ name }: CreateKbCategory): Promise<KbCategory> {
    const slug = slugify(name);
    const rows = await this.dataSource
      .query<{ id: string }[]>(
        `INSERT INTO kb_categories (slug, name, position) SELECT $1, $2, coalesce(max(position), 0) + 1 FROM kb_categories
         ON CONFLICT DO NOTHING RETURNING id`,
        [slug, name],
      )
      .catch((error: unknown) => {
        if (/kb_categories_name_unique/.test(String(error))) return [];
        throw error;
      });
    const [row] = rows;
    if (!row) throw new ApplicationError('conflict', 'CATEGORY_EXISTS', 'A category with this name already exists');
    return { id: row.id, name, slug, article_count: 0 };
  }
}
