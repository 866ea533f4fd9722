import type { User } from '@portal/contract/users';
import type { UserRow } from '../../http/auth';

/** The wire shape of a user (spec §3); `image` is an absolute URL to the stored file. */
export const toUserDto = (row: UserRow, publicUrl: string): User => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  phone: row.phone,
  image: row.image ? `${publicUrl}/media/${row.image}` : null,
  is_superuser: row.isSuperuser,
  time_zone: row.timeZone,
});
