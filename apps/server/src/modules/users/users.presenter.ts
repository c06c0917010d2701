import { messages } from '@pet-haven/shared/messages';
import type { SaveUserAnswer, User } from '@pet-haven/shared/users';
import type { UserRow } from './users.repository';

/** A user as the API presents it (spec section 3: `_id`, `photoURL`). */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    photoURL: row.image,
    role: row.role,
    emailVerified: row.emailVerified,
  };
}

/** POST /api/users: the first save answers the user's id, later ones "User already exists". */
export function presentProfileSave(userId: string, saved: { firstSave: boolean }): SaveUserAnswer {
  return saved.firstSave
    ? { insertedId: userId, message: 'User saved' }
    : { insertedId: null, message: messages.registration.serverAlreadyExists };
}
