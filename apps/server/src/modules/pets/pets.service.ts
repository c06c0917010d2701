import type {
  MarkAdoptedBody,
  PetBody,
  PetListQuery,
  UpdatePetBody,
  UserPetsQuery,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import { authorize } from '../../auth/authorize';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { keysetPageOf, pageOf } from '../../lib/paging';
import { settleRequestsOfAdoptedPet } from '../adoption-requests/adoption-requests.service';
import { releaseImages, resolveHostedImage } from '../images/images.service';
import { resolveListOwner } from '../users/users.service';
import { deletePetByAdmin, setPetAdoptedByAdmin, updatePetByAdmin } from './pets-admin.service';
import * as petsPolicy from './pets.policy';
import * as repo from './pets.repository';
import type { PetChanges, PetRow } from './pets.repository';

const petNotFound = () => notFound('Pet not found');

/** GET /api/pets (and the admin's all-pets list, with no filters). */
export function listPets(deps: AppDeps, query: PetListQuery) {
  const { search, category, adopted } = query;
  return repo.listPets(
    deps.database.db,
    { search: search || undefined, category, adopted },
    keysetPageOf(query),
  );
}

/** The sitemap's pets (decision 021): how many there are. */
export const countPetsForSitemap = (deps: Pick<AppDeps, 'database'>) =>
  repo.countSitemapPets(deps.database.db);

/** A batch of the sitemap's pets in a stable order: after the id `after`, else from `offset`. */
export const petsForSitemap = (
  deps: Pick<AppDeps, 'database'>,
  after: string | null,
  offset: number,
  limit: number,
) => repo.sitemapPets(deps.database.db, after, offset, limit);

export async function getPet(deps: AppDeps, id: string): Promise<PetRow> {
  const pet = await repo.findPetById(deps.database.db, id);
  if (!pet) throw petNotFound();
  return pet;
}

/** GET /api/user/pets: your own pets; an admin may name anyone by e-mail. */
export async function listUserPets(deps: AppDeps, actor: AuthUser, query: UserPetsQuery) {
  authorize(petsPolicy.canList(actor, query.email));
  const ownerId = await resolveListOwner(deps, actor, query.email);
  if (!ownerId) return { rows: [], total: 0 };
  return repo.listPets(deps.database.db, { ownerId }, pageOf(query));
}

/** POST /api/add-pet: the owner is the caller whatever the body says. */
export async function addPet(deps: AppDeps, actor: AuthUser, body: PetBody): Promise<PetRow> {
  const image = await resolveHostedImage(deps, body.petImage, 'json.petImage');
  const id = await repo.insertPet(deps.database.db, {
    ownerId: actor.id,
    imageId: image.id,
    petName: body.petName,
    petAge: body.petAge,
    petLocation: body.petLocation,
    petCategory: body.petCategory,
    shortDescription: body.shortDescription,
    longDescription: body.longDescription,
  });
  return getPet(deps, id);
}

/** PATCH /api/update-pet/{id}: owner or admin; a replaced picture is released. */
export async function updatePet(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  body: UpdatePetBody,
): Promise<PetRow> {
  const pet = await getPet(deps, id);
  authorize(petsPolicy.canUpdate(actor, pet));
  const { petImage, userEmail: _ignored, ...fields } = body;
  const changes: PetChanges = { ...fields };
  if (petImage !== undefined) {
    changes.imageId = (await resolveHostedImage(deps, petImage, 'json.petImage')).id;
  }
  const updated = petsPolicy.actsAsAdmin(actor, pet)
    ? await updatePetByAdmin(deps, actor, pet, changes)
    : await repo.updatePet(deps.database.db, id, changes);
  if (!updated) throw petNotFound();
  if (changes.imageId && changes.imageId !== pet.imageId) {
    await releaseImages(deps, [pet.imageId]);
  }
  return getPet(deps, id);
}

/** DELETE /api/pet/{id} (owner or admin): its adoption requests go too; its picture is released. */
export async function deletePet(deps: AppDeps, actor: AuthUser, id: string): Promise<number> {
  const pet = await getPet(deps, id);
  authorize(petsPolicy.canDelete(actor, pet));
  if (petsPolicy.actsAsAdmin(actor, pet)) return deletePetByAdmin(deps, actor, id);
  const deleted = await repo.deletePet(deps.database.db, id);
  if (!deleted) throw petNotFound();
  await releaseImages(deps, [deleted.imageId]);
  return 1;
}

/**
 * PATCH /api/pets/{id}/adopted: owners may only mark their pet adopted (one way);
 * admins may set either value.
 */
export async function setAdopted(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  body: MarkAdoptedBody,
): Promise<PetRow> {
  const adopted = body.adopted ?? true;
  const pet = await getPet(deps, id);
  authorize(petsPolicy.canSetAdopted(actor, pet, adopted));
  if (petsPolicy.actsAsAdmin(actor, pet)) return setPetAdoptedByAdmin(deps, actor, id, adopted);
  if (pet.adopted !== adopted) {
    // the pet's open requests are settled with it: the accepted one adopted, the rest closed
    await deps.database.db.transaction(async (tx) => {
      await repo.updatePet(tx, id, { adopted });
      if (adopted) await settleRequestsOfAdoptedPet(deps, tx, pet, actor);
    });
    deps.mailer.wake();
  }
  return getPet(deps, id);
}
