import { profileUpdateSchema, USER_ROLES } from '@tuition/domain';
import { z } from 'zod';
import { named } from './named.ts';

/** The signed-in user's personal details. */
export const MeSchema = named(
  'Me',
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(USER_ROLES),
    emailVerified: z.boolean(),
  }),
);
export type Me = z.infer<typeof MeSchema>;

/** Name and phone (an empty phone removes it; an omitted one is left as it is). */
export const ProfileUpdateSchema = named('ProfileUpdate', profileUpdateSchema);
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateSchema>;
