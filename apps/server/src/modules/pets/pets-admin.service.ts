import type { AdminListQuery } from '@pet-haven/shared/admin';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { pageOf } from '../../lib/paging';
import { recordAdminAction } from '../audit/audit.repository';
import { AUDIT_IMAGE_BASE } from '../images/images.presenter';
import { releaseImages } from '../images/images.service';
import { settleRequestsOfAdoptedPet } from '../adoption-requests/adoption-requests.service';
import { presentPet } from './pets.presenter';
import * as repo from './pets.repository';
import type { PetRow } from './pets.repository';

/**
 * The admin's pet actions (spec sections 4 and 6): each change and its audit log entry are
 * written in one transaction.
 */
type AdminDeps = Pick<AppDeps, 'config' | 'database' | 'logger' | 'imageStorage' | 'mailer'>;

const petNotFound = () => notFound('Pet not found');

/** GET /api/all-pets: every pet, adopted or not, newest first, with the total. */
export function listAllPetsForAdmin(deps: AdminDeps, query: AdminListQuery) {
  return repo.listPets(deps.database.db, {}, pageOf(query));
}

/** DELETE /api/pets/{id}: any pet, with its adoption requests; its picture is released. */
export async function deletePetByAdmin(deps: AdminDeps, admin: AuthUser, id: string) {
  const imageIds = await deps.database.db.transaction(async (tx) => {
    const pet = await repo.findPetById(tx, id);
    if (!pet) throw petNotFound();
    const deleted = await repo.deletePet(tx, id);
    if (!deleted) throw petNotFound();
    await recordAdminAction(tx, {
      actor: admin,
      action: 'pet.delete',
      targetType: 'pet',
      targetId: id,
      before: presentPet(pet, admin, AUDIT_IMAGE_BASE),
      after: null,
    });
    return deleted.imageIds;
  });
  await releaseImages(deps, imageIds);
  return 1;
}

/** PATCH /api/pets/{id}: the admin sets adopted either way (spec section 4). */
export async function setPetAdoptedByAdmin(
  deps: AdminDeps,
  admin: AuthUser,
  id: string,
  adopted: boolean,
): Promise<PetRow> {
  const row = await deps.database.db.transaction(async (tx) => {
    const pet = await repo.findPetById(tx, id);
    if (!pet) throw petNotFound();
    if (!(await repo.updatePet(tx, id, { adopted }))) throw petNotFound();
    if (adopted && !pet.adopted) await settleRequestsOfAdoptedPet(deps, tx, pet, admin);
    const after = await repo.findPetById(tx, id);
    if (!after) throw petNotFound();
    await recordAdminAction(tx, {
      actor: admin,
      action: adopted ? 'pet.adopt' : 'pet.unadopt',
      targetType: 'pet',
      targetId: id,
      before: { petName: pet.petName, adopted: pet.adopted },
      after: { petName: after.petName, adopted: after.adopted },
    });
    return after;
  });
  deps.mailer.wake();
  return row;
}

/**
 * An admin edits someone else's pet: `write` makes the change (answering false when the pet is
 * gone); it and the audit entry are one transaction.
 */
export async function updatePetByAdmin(
  deps: AdminDeps,
  admin: AuthUser,
  pet: PetRow,
  write: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await write(tx))) return false;
    const after = await repo.findPetById(tx, pet.id);
    await recordAdminAction(tx, {
      actor: admin,
      action: 'pet.update',
      targetType: 'pet',
      targetId: pet.id,
      before: presentPet(pet, admin, AUDIT_IMAGE_BASE),
      after: after
        ? presentPet(
            { ...after, morePhotos: await repo.findPetPhotos(tx, pet.id) },
            admin,
            AUDIT_IMAGE_BASE,
          )
        : null,
    });
    return true;
  });
}
