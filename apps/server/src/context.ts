import type { Config } from './config';
import type { Database } from './db/client';
import type { MailWorker } from './mail/outbox';
import type { Storage } from './storage/types';
import type { StudioSource } from './studio/source';

/** What every module needs from the platform; built once in main.ts (or a test). */
export type AppContext = {
  config: Config;
  db: Database;
  mail: Pick<MailWorker, 'poke' | 'flush'>;
  /** Uploaded files (disk or S3): put, get as a stream, remove. */
  storage: Storage;
  /** The studio's brand and letterhead, kept per process (decision 0045). */
  studio: StudioSource;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    ctx: AppContext;
    /**
     * Set when the instance is stopping: readiness answers 503 while requests are still served,
     * so the balancer's checks take it out before it stops listening (issue 28).
     */
    lifecycle: { draining: boolean };
  }
}
