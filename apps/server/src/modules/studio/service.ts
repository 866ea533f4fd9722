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
 * Writes the changes in one transaction: the first edit creates the row from the defaults, every
 * edit then updates it under its lock. Returns the row and the logo it held before, so a replaced file can be removed
 * once the new state is committed.
 */
export const updateStudio = async (
  db: Database,
  config: Pick<Config, 'portalName'>,
  changes: StudioChanges,
): Promise<{ row: StudioRow; previousLogo: string | null }> =>
  db.transaction(async (tx) => {
    const { id: _id, updatedAt: _at, ...defaults } = defaultStudioRow(config);
    // The row first, so that the lock below has something to hold even on the very first edit:
    // two first uploads at once then take turns and the second sees the first's logo to remove.
    await tx.insert(studio).values(defaults).onConflictDoNothing();
    const [before] = await tx.select({ logo: studio.logo }).from(studio).for('update');
    const [row] = await tx
      .update(studio)
      .set({ ...changes, updatedAt: sql`now()` }) // fields left undefined are not written
      .returning();
    if (!row) throw new Error('the studio row was not written');
    return { row, previousLogo: before?.logo ?? null };
  });
