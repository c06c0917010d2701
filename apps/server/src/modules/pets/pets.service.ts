import {
  DEFAULT_DISTANCE_KM,
  petFlags,
  type MarkAdoptedBody,
  type PetBody,
  type PetFilters,
  type PetListQuery,
  type PetSort,
  type UpdatePetBody,
  type UserPetsQuery,
} from '@pet-haven/shared/pets';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx, Tx } from '../../db/client';
import { authorize } from '../../auth/authorize';
import { invalidField, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { keysetPageOf, pageOf } from '../../lib/paging';
import { findPlace } from '../places/places.repository';
import { settleRequestsOfAdoptedPet } from '../adoption-requests/adoption-requests.service';
import { releaseImages, resolveHostedImage } from '../images/images.service';
import { resolveListOwner } from '../users/users.service';
import { deletePetByAdmin, setPetAdoptedByAdmin, updatePetByAdmin } from './pets-admin.service';
import * as petsPolicy from './pets.policy';
import * as repo from './pets.repository';
import type { PetChanges, PetRow } from './pets.repository';

const petNotFound = () => notFound('Pet not found');

/**
 * GET /api/pets (and the admin's all-pets list, with no filters). The plain list (category,
 * adoption state, newest first) is the prepared hot path, its total exact; a name, facts,
 * distance and other sorts go through `searchPets`, counted so far (decisions 041 and 047).
 * `near` must be a place of the gazetteer (400 naming it otherwise).
 */
export async function listPets(deps: AppDeps, query: PetListQuery) {
  const { filter, search } = await searchOf(deps, deps.database.db, query);
  return repo.isPlainList(filter, search)
    ? repo.listPets(
        deps.database.db,
        { category: filter.category, adopted: filter.adopted },
        keysetPageOf(query),
      )
    : repo.searchPets(
        deps.database.db,
        filter,
        search,
        search.sort === 'newest' ? keysetPageOf(query) : pageOf(query),
      );
}

/**
 * The list's filters as the repository takes them; `near` must be a place of the gazetteer (400
 * naming it otherwise).
 */
async function searchOf(
  deps: Pick<AppDeps, 'now'>,
  db: DbOrTx,
  query: PetFilters & { adopted?: boolean; sort?: PetSort },
) {
  const { search, category, adopted } = query;
  const filter: repo.PetFilter = { search: search || undefined, category, adopted };
  const petSearch: repo.PetSearch = {
    ageGroup: query.ageGroup,
    size: query.size,
    sex: query.sex,
    goodWithChildren: query.goodWithChildren,
    goodWithDogs: query.goodWithDogs,
    goodWithCats: query.goodWithCats,
    sort: query.sort ?? 'newest',
    today: deps.now().toISOString().slice(0, 10),
  };
  if (query.near !== undefined) {
    const place = await findPlace(db, query.near);
    if (!place) throw invalidField('query.near', 'near must be a place of the list');
    petSearch.near = {
      latitude: place.latitude,
      longitude: place.longitude,
      withinM: (query.within ?? DEFAULT_DISTANCE_KM) * 1000,
    };
  }
  return { filter, search: petSearch };
}

/**
 * Pets still looking for a home, added after `added.after` and by `added.until` by someone other
 * than `userId`, that a saved search's filters match: the first `limit` in the order they were
 * added.
 */
export async function newPetsMatching(
  deps: Pick<AppDeps, 'now'>,
  db: DbOrTx,
  filters: PetFilters,
  added: { after: Date; until: Date },
  userId: string,
  limit: number,
): Promise<PetRow[]> {
  const { filter, search } = await searchOf(deps, db, { ...filters, adopted: false });
  return repo.newPetsMatching(db, filter, search, added, userId, limit);
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

/** One pet with its photos after the cover (GET /api/pets/{id} and the answers of add and update). */
export async function getPetWithPhotos(deps: AppDeps, id: string): Promise<PetRow> {
  const pet = await getPet(deps, id);
  return { ...pet, morePhotos: await repo.findPetPhotos(deps.database.db, id) };
}

/**
 * The images of `morePhotos` in order, each hosted here (400 naming its index otherwise) and none
 * of them the cover (400 naming morePhotos).
 */
async function resolveMorePhotos(deps: AppDeps, urls: string[], coverId: string) {
  const ids: string[] = [];
  for (const [i, url] of urls.entries()) {
    ids.push((await resolveHostedImage(deps, url, `json.morePhotos.${i}`)).id);
  }
  if (ids.includes(coverId) || new Set(ids).size !== ids.length) {
    throw invalidField('json.morePhotos', 'The same photo is there twice');
  }
  return ids;
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
  const photoIds = await resolveMorePhotos(deps, body.morePhotos ?? [], image.id);
  const facts = await factsOf(deps, body);
  const id = await deps.database.db.transaction(async (tx) => {
    const petId = await repo.insertPet(tx, {
      ownerId: actor.id,
      imageId: image.id,
      petName: body.petName,
      petAge: body.petAge,
      petLocation: body.petLocation,
      petCategory: body.petCategory,
      shortDescription: body.shortDescription,
      longDescription: body.longDescription,
      ...facts,
    });
    await repo.replacePetPhotos(tx, petId, photoIds);
    return petId;
  });
  return getPetWithPhotos(deps, id);
}

/**
 * The facts of a pet's body as columns: those sent (null clears one), and for a place its
 * coordinates, copied for the distance index (400 naming placeId for a place not in the list).
 */
async function factsOf(deps: AppDeps, body: UpdatePetBody): Promise<PetChanges> {
  const { placeId, ...facts } = body;
  const changes: PetChanges = {};
  for (const key of [
    'sex',
    'size',
    'birthDate',
    'breed',
    ...petFlags,
  ] as const satisfies ReadonlyArray<keyof typeof facts>) {
    if (facts[key] !== undefined) Object.assign(changes, { [key]: facts[key] || null });
  }
  if (changes.sex === null) changes.sex = 'unknown';
  for (const flag of petFlags) if (changes[flag] === null) changes[flag] = 'unknown';
  if (placeId === null) Object.assign(changes, { placeId: null, latitude: null, longitude: null });
  if (placeId !== undefined && placeId !== null) {
    const place = await findPlace(deps.database.db, placeId);
    if (!place) throw invalidField('json.placeId', 'Place must be a place of the list');
    Object.assign(changes, { placeId, latitude: place.latitude, longitude: place.longitude });
  }
  return changes;
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * PATCH /api/update-pet/{id}: owner or admin. `morePhotos`, when sent, replaces the photos after
 * the cover; a new cover that was one of them leaves their list. Pictures no longer used are
 * released.
 */
export async function updatePet(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  body: UpdatePetBody,
): Promise<PetRow> {
  const pet = await getPetWithPhotos(deps, id);
  authorize(petsPolicy.canUpdate(actor, pet));
  const {
    petImage,
    morePhotos,
    userEmail: _ignored,
    petName,
    petAge,
    petLocation,
    petCategory,
    shortDescription,
    longDescription,
  } = body;
  const changes: PetChanges = {
    ...definedOnly({
      petName,
      petAge,
      petLocation,
      petCategory,
      shortDescription,
      longDescription,
    }),
    ...(await factsOf(deps, body)),
  };
  if (petImage !== undefined) {
    changes.imageId = (await resolveHostedImage(deps, petImage, 'json.petImage')).id;
  }
  const newPhotos =
    morePhotos !== undefined
      ? await resolveMorePhotos(deps, morePhotos, changes.imageId ?? pet.imageId)
      : undefined;
  let released: string[] = [];
  // the pet is locked and its photos read again in the transaction: a change saved meanwhile by
  // another request is neither lost nor left unreleased
  const write = async (tx: Tx) => {
    const current = await repo.lockPetPictures(tx, id);
    if (!current) return false;
    const coverId = changes.imageId ?? current.imageId;
    const before = [current.imageId, ...current.photoIds];
    if (newPhotos?.includes(coverId)) {
      throw invalidField('json.morePhotos', 'The same photo is there twice');
    }
    const photoIds = newPhotos ?? current.photoIds.filter((imageId) => imageId !== coverId);
    if (!(await repo.updatePet(tx, id, changes))) return false;
    if (photoIds.join() !== current.photoIds.join()) {
      await repo.replacePetPhotos(tx, id, photoIds);
    }
    const kept = new Set([coverId, ...photoIds]);
    released = before.filter((imageId) => !kept.has(imageId));
    return true;
  };
  const updated = petsPolicy.actsAsAdmin(actor, pet)
    ? await updatePetByAdmin(deps, actor, pet, write)
    : await deps.database.db.transaction(write);
  if (!updated) throw petNotFound();
  await releaseImages(deps, released);
  return getPetWithPhotos(deps, id);
}

/** DELETE /api/pet/{id} (owner or admin): its adoption requests go too; its picture is released. */
export async function deletePet(deps: AppDeps, actor: AuthUser, id: string): Promise<number> {
  const pet = await getPet(deps, id);
  authorize(petsPolicy.canDelete(actor, pet));
  if (petsPolicy.actsAsAdmin(actor, pet)) return deletePetByAdmin(deps, actor, id);
  const deleted = await repo.deletePet(deps.database.db, id);
  if (!deleted) throw petNotFound();
  await releaseImages(deps, deleted.imageIds);
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
