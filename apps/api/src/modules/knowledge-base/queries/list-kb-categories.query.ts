import type { KbCategory } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { loadKbCategories } from '../kb-read-model';

export class ListKbCategories {
  /** `publishedOnly`: the Help centre counts only published articles; the editor counts all. */
  constructor(readonly publishedOnly: boolean) {}
}

/** The knowledge base's category tabs with their article counts. */
@QueryHandler(ListKbCategories)
export class ListKbCategoriesHandler implements IQueryHandler<ListKbCategories, KbCategory[]> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ publishedOnly }: ListKbCategories): Promise<KbCategory[]> {
    return loadKbCategories(this.dataSource, publishedOnly);
  }
}
