import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';
import { seedDemoStudio } from '../modules/studio/demo-data';
import { seedDemoData } from './demo';

/**
 * First start on an empty database: a superuser (from ADMIN_EMAIL/ADMIN_PASSWORD or generated,
 * printed once) and, when enabled, the demo data set.
 *
 * All of it is one transaction: a start that dies halfway (killed, out of disk) leaves an empty
 * database that the next start seeds again, never a superuser without the demo data that would
 * make every later start skip seeding. The advisory lock makes two instances starting together
 * on one new database seed it once: the second waits, then finds the users.
 */
export const bootstrap = async (ctx: AppContext, print: (message: string) => void) => {
  const messages = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('portal:bootstrap'))`);
    const [row] = await tx.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) return [];
    const email = ctx.config.adminEmail ?? 'admin@example.com';
    const password = ctx.config.adminPassword ?? `${randomBytes(9).toString('base64url')}7a`;
    await tx.insert(users).values({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Studio',
      lastName: 'Admin',
      isSuperuser: true,
      emailVerified: true,
    });
    const said = [
      ctx.config.adminPassword
        ? `First superuser created: ${email} (password from ADMIN_PASSWORD)`
        : `First superuser created. Sign in with\n    email:    ${email}\n    password: ${password}\n  (shown once; change it under Profile → Password)`,
    ];
    if (ctx.config.demoData) {
      await seedDemoData(tx);
      await seedDemoStudio(tx, ctx.storage);
      said.push('Demo data loaded (set DEMO_DATA=false to start empty).');
    }
    return said;
  });
  // Printed only once committed: a password shown for a rolled-back user would be a lie.
  messages.forEach(print);
};
