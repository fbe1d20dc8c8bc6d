// The column mapping last chosen per imported entity (migration 0009), offered with the
// next file of that entity. SQL for import mappings lives here.

import type { Kysely } from 'kysely';
import type { ImportEntity, ImportMapping } from '@field/domain';
import { importMappingSchema } from '@field/domain';
import type { Database } from '../../db/schema.js';

export class ImportMappings {
  constructor(private readonly db: Kysely<Database>) {}

  async last(entity: ImportEntity): Promise<ImportMapping> {
    const row = await this.db
      .selectFrom('import_mappings')
      .select('mapping')
      .where('entity', '=', entity)
      .executeTakeFirst();
    if (row === undefined) return {};
    const parsed = importMappingSchema.safeParse(JSON.parse(row.mapping));
    return parsed.success ? parsed.data : {};
  }

  async remember(entity: ImportEntity, mapping: ImportMapping, now: string): Promise<void> {
    const json = JSON.stringify(mapping);
    await this.db
      .insertInto('import_mappings')
      .values({ entity, mapping: json, updated_at: now })
      .onConflict((oc) => oc.column('entity').doUpdateSet({ mapping: json, updated_at: now }))
      .execute();
  }
}
