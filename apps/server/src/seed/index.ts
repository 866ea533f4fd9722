import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';
import { seedDemoData } from './demo';

/**
 * First start on an empty database: a superuser (from ADMIN_EMAIL/ADMIN_PASSWORD or generated,
 * printed once) and, when enabled, the demo data set.
 */
export const bootstrap = async (ctx: AppContext, print: (message: string) => void) => {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  const email = ctx.config.adminEmail ?? 'admin@example.com';
  const password = ctx.config.adminPassword ?? `${randomBytes(9).toString('base64url')}7a`;
  await ctx.db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Studio',
    lastName: 'Admin',
    isSuperuser: true,
    emailVerified: true,
  });
  print(
    ctx.config.adminPassword
      ? `First superuser created: ${email} (password from ADMIN_PASSWORD)`
      : `First superuser created. Sign in with\n    email:    ${email}\n    password: ${password}\n  (shown once; change it under Profile → Password)`,
  );
  if (ctx.config.demoData) {
    await seedDemoData(ctx);
    print('Demo data loaded (set DEMO_DATA=false to start empty).');
  }
};
