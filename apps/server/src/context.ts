import type { Config } from './config';
import type { Database } from './db/client';
import type { MailWorker } from './mail/outbox';

/** What every module needs from the platform; built once in main.ts (or a test). */
export type AppContext = {
  config: Config;
  db: Database;
  mail: Pick<MailWorker, 'poke' | 'flush'>;
};

declare module 'fastify' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    ctx: AppContext;
  }
}
