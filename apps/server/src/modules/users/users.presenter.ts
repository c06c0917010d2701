import type { User } from '@pet-haven/shared/users';
import type { UserRow } from './users.repository';

/** A user as the API presents it (spec section 3: `_id`, `photoURL`). */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    photoURL: row.image,
    role: row.role,
  };
}
