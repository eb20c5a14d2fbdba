import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';

/**
 * Who hears of the shop's own alerts (issue 42): the one place that chooses them. An incident is
 * the owner's (decision 058); low stock and its daily summary go to the owner and the admins
 * (decision 059). Disabled accounts hear nothing. A query (through profiles_role_created), so a
 * batch can use it as a subquery (`INSERT … SELECT`) and the Cron can read it.
 */
export function staffRecipients(db: Db, alert: 'incident' | 'stock') {
  return db
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        alert === 'incident' ? eq(profiles.role, 'owner') : inArray(profiles.role, ['owner', 'admin']),
        isNull(profiles.disabledAt),
      ),
    );
}
