import type {
  AdoptionMessage,
  AdoptionRequest,
  AdoptionRequestDetail,
  AdoptionStatus,
} from '@pet-haven/shared/pets';
import type { AuthUser } from '../../lib/hono-env';
import { displayUrlOf } from '../images/images.presenter';
import * as requestsPolicy from './adoption-requests.policy';
import type { AdoptionRequestRow, MessageRow } from './adoption-requests.repository';

const unreadFor = (side: 'owner' | 'requester' | null, row: AdoptionRequestRow): number =>
  side === 'owner' ? row.unreadByOwner : side === 'requester' ? row.unreadByRequester : 0;

/** The requester's phone, address and answers only for those the policy lets see them. */
export function presentAdoptionRequest(
  row: AdoptionRequestRow,
  viewer: AuthUser | null,
  imageBase: string,
): AdoptionRequest {
  const mayReadContact = requestsPolicy.canSeeContact(viewer, row);
  return {
    _id: row.id,
    petId: row.petId,
    petName: row.petName,
    petImage: displayUrlOf(row.imageId, row.imageWidth, imageBase),
    userName: row.requesterName,
    userEmail: row.requesterEmail,
    phone: mayReadContact ? row.phone : null,
    address: mayReadContact ? row.address : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ownerName: row.ownerName,
    answers: mayReadContact ? row.answers : null,
    unreadMessages: unreadFor(requestsPolicy.sideOf(viewer, row), row),
  };
}

/** A request with its history of statuses, oldest first. */
export const presentAdoptionRequestDetail = (
  row: AdoptionRequestRow,
  history: Array<{ status: AdoptionStatus; createdAt: Date; actorName: string | null }>,
  viewer: AuthUser,
  imageBase: string,
): AdoptionRequestDetail => ({
  ...presentAdoptionRequest(row, viewer, imageBase),
  history: history.map((e) => ({
    status: e.status,
    at: e.createdAt.toISOString(),
    byName: e.actorName,
  })),
  viewerSide: requestsPolicy.sideOf(viewer, row),
});

export const presentAdoptionMessage = (
  row: MessageRow,
  viewer: AuthUser | null,
): AdoptionMessage => ({
  _id: row.id,
  body: row.body,
  authorName: row.authorName,
  mine: requestsPolicy.wroteIt(viewer, row),
  createdAt: row.createdAt.toISOString(),
});
