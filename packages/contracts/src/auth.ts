import { z } from 'zod';

export const adminLoginSchema = z.object({
  email: z.string().trim().min(1, 'Email harus diisi'),
  password: z.string().min(1, 'Password harus diisi'),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;
