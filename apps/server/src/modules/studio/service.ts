import { sql } from 'drizzle-orm';
import type { StudioUpdate } from '@portal/contract/studio';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { studio } from '../../db/schema/index';
import { defaultStudioRow, type StudioRow } from '../../studio/source';

type StudioChanges = Partial<Omit<StudioRow, 'id' | 'updatedAt'>>;

/** The request's fields (already validated) as the row's columns. */
export const studioChanges = (input: StudioUpdate): StudioChanges => ({
  name: input.name,
  accentColor: input.accent_color,
  website: input.website,
  emailFooter: input.email_footer,
  legalName: input.legal_name,
  address: input.address,
  taxId: input.tax_id,
  estimateValidityDays: input.estimate_validity_days,
});

/**
 * Writes the studio's row (made on its first edit). A replaced logo's file is queued for removal
 * by the update itself (migration 0029).
 */
export const updateStudio = async (
  db: Database,
  config: Pick<Config, 'portalName'>,
  changes: StudioChanges,
): Promise<StudioRow> =>
  db.transaction(async (tx) => {
    const { id: _id, updatedAt: _at, ...defaults } = defaultStudioRow(config);
    await tx.insert(studio).values(defaults).onConflictDoNothing();
    const [row] = await tx
      .update(studio)
      .set({ ...changes, updatedAt: sql`now()` }) // fields left undefined are not written
      .returning();
    if (!row) throw new Error('the studio row was not written');
    return row;
  });
