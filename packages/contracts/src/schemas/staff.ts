import { z } from 'zod';
import { confirmed, emailSchema, mismatch, newPasswordFields, personNameSchema } from './auth.ts';
import { pageSchema } from './catalog.ts';
import { staffRoleSchema } from './roles.ts';

// The staff (decision 052): the owner's list, invitations by email and the invitee's own password.

/** One staff account as the owner's list shows it. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** When the owner disabled the account (its sessions ended then); null: active. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not taken yet: its link works until `expiresAt`. */
export const staffInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** How many invitations the list shows: the newest waiting ones. */
export const STAFF_INVITES_SHOWN = 50;

export const staffListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/admin/staff: a page of the staff and the invitations still waiting. */
export const staffListSchema = pageSchema(staffMemberSchema).extend({ invites: z.array(staffInviteSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/admin/staff/invites: who is invited, and as what. */
export const staffInviteInputSchema = z.object({ email: emailSchema, role: staffRoleSchema });
export type StaffInviteInput = z.infer<typeof staffInviteInputSchema>;

/** PATCH /api/admin/staff/{id}: the account's new role. */
export const staffRoleInputSchema = z.object({ role: staffRoleSchema });

/** The invitation page's form: the name, and the password twice under the rules of registering. */
const acceptFields = { name: personNameSchema, ...newPasswordFields };
export const staffAcceptFormSchema = z.object(acceptFields).refine(confirmed, mismatch);

/** POST /api/auth/staff-invite: the link's token with the form. */
export const staffAcceptSchema = z
  .object({ token: z.string().min(16).max(2000), ...acceptFields })
  .refine(confirmed, mismatch);
export type StaffAcceptInput = z.infer<typeof staffAcceptSchema>;
