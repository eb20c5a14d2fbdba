import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';

/**
 * Who the shop's own alerts go to (issue 42: low stock and its daily summary): the one place that
 * chooses them. On main that is every account with role 'admin' (through profiles_role); when
 * staff roles arrive, this is the line to change (the owner, or a role's permission). A query,
 * so a batch can use it as a subquery (`INSERT … SELECT`) and the Cron can read it.
 */
export function shopAlertRecipients(db: Db) {
  return db
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.role, 'admin'));
}
