import type { SaveUserAnswer, SaveUserBody } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';

/** POST /api/users: stores the signed-in user's profile (registration and social sign-in). */
export function saveUser(body: SaveUserBody): Promise<SaveUserAnswer> {
  return api<SaveUserAnswer>('/users', { method: 'POST', json: body });
}
