import type { AdoptionRequest } from '@pet-haven/shared/pets';
import type { AuthUser } from '../../lib/hono-env';
import { displayUrlOf } from '../images/images.presenter';
import * as requestsPolicy from './adoption-requests.policy';
import type { AdoptionRequestRow } from './adoption-requests.repository';

/** The requester's phone and address only for those the policy lets see them. */
export function presentAdoptionRequest(
  row: AdoptionRequestRow,
  viewer: AuthUser | null,
): AdoptionRequest {
  const mayReadContact = requestsPolicy.canSeeContact(viewer, row);
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
