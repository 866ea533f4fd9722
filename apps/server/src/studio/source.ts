import type { Studio } from '@portal/contract/studio';
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_ESTIMATE_VALIDITY_DAYS,
} from '@portal/contract/studio-defaults';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { createListener } from '../db/listen';
import { studio } from '../db/schema/index';

export type StudioRow = typeof studio.$inferSelect;

/** What the product shows until someone edits the studio: `PORTAL_NAME` and the product's colour. */
export const defaultStudioRow = (config: Pick<Config, 'portalName'>): StudioRow => ({
  id: true,
  name: config.portalName,
  accentColor: DEFAULT_ACCENT_COLOR,
  website: '',
  emailFooter: '',
  legalName: '',
  address: '',
  taxId: '',
  estimateValidityDays: DEFAULT_ESTIMATE_VALIDITY_DAYS,
  logo: null,
  updatedAt: new Date(0),
});

/** The studio's row, or the defaults while there is none. */
export const readStudioRow = async (
  db: Executor,
  config: Pick<Config, 'portalName'>,
): Promise<StudioRow> => {
  const [row] = await db.select().from(studio).limit(1);
  return row ?? defaultStudioRow(config);
};

/** The wire shape (`GET /api/studio/`); the logo is an absolute URL to the stored file. */
export const toStudioDto = (row: StudioRow, publicUrl: string): Studio => ({
  name: row.name,
  logo_url: row.logo ? `${publicUrl}/media/${row.logo}` : null,
  accent_color: row.accentColor,
  website: row.website,
  email_footer: row.emailFooter,
  legal_name: row.legalName,
  address: row.address,
  tax_id: row.taxId,
  estimate_validity_days: row.estimateValidityDays,
});

export type StudioSource = {
  /**
   * The studio as committed: kept in memory while this process hears every change. Inside a
   * transaction pass it, so that a read when nothing is kept needs no second connection.
   */
  current: (executor?: Executor) => Promise<Studio>;
  /** After this process committed a change: read afresh now, not when the NOTIFY arrives. */
  changed: () => void;
  stop: () => Promise<void>;
};

/**
 * The studio for every request that shows the brand (the app's HTML, the sign-in page, emails,
 * PDFs), kept per process (DESIGN §9, decision 0045). The `studio` table's trigger NOTIFYs
 * `studio` on any change; this process LISTENs on a connection of its own, opened on the first
 * read, and reads the row again after a change. Without that connection nothing is kept, so an
 * edit made on another instance is never missed, only read more often.
 */
export const createStudioSource = (
  db: Database,
  config: Pick<Config, 'portalName' | 'publicUrl'>,
  options: { onError?: (error: unknown) => void } = {},
): StudioSource => {
  let kept: Studio | null = null;
  let lastRead: Studio | null = null;
  // Changes with every notification: a read that began before one may hold the old row.
  let generation = 0;
  const forget = () => {
    generation++;
    kept = null;
  };
  const listener = createListener(db, 'studio', {
    onNotification: forget,
    onConnected: forget,
    onLost: forget,
    onError: options.onError,
  });

  return {
    current: async (executor = db) => {
      void listener.start();
      if (kept && listener.client) return kept;
      const seen = generation;
      let fresh: Studio;
      try {
        fresh = toStudioDto(await readStudioRow(executor, config), config.publicUrl);
      } catch (error) {
        // The database is away: the brand last read beats an error page (a partial outage
        // stays partial); with nothing read yet, the caller decides.
        if (lastRead) return lastRead;
        throw error;
      }
      lastRead = fresh;
      if (seen === generation && listener.client) kept = fresh;
      return fresh;
    },
    changed: forget,
    stop: () => listener.stop(),
  };
};
