import type { AdoptionRequest } from '@pet-haven/shared/pets';
import type { AuthUser } from '../../lib/hono-env';
import { displayUrlOf } from '../images/images.presenter';
import type { AdoptionRequestRow } from './adoption-requests.repository';

/** The requester's phone and address are shown to the pet's owner, the requester and admins only. */
export function presentAdoptionRequest(row: AdoptionRequestRow, viewer: AuthUser): AdoptionRequest {
  const mayReadContact =
    viewer.role === 'admin' || viewer.id === row.petOwnerId || viewer.id === row.requesterId;
  return {
    _id: row.id,
    petId: row.petId,
    petName: row.petName,
    petImage: displayUrlOf(row.imageId, row.imageWidth),
    userName: row.requesterName,
    userEmail: row.requesterEmail,
    phone: mayReadContact ? row.phone : null,
    address: mayReadContact ? row.address : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
