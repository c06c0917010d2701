import { messages } from '@pet-haven/shared/messages';
import type { Pet } from '@pet-haven/shared/pets';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, apiError, lastBodySent } from '@/testing/api-handlers';
import { unknownFacts } from '@/features/pets/test-data';
import { fakeList } from '@/testing/fake-list';
import { renderRoute } from '@/testing/render-route';
import { fakeAdmin, signedIn } from '@/testing/session';

const pet = (over: Partial<Pet> = {}): Pet => ({
  _id: '11111111-1111-4111-8111-111111111111',
  petImage: 'https://example.com/rex.png',
  petName: 'Rex',
  petAge: '2 years',
  petLocation: 'Dhaka',
  petCategory: 'dog',
  shortDescription: 'A good dog',
  longDescription: 'A very good dog',
  userEmail: 'owner@example.com',
  dateAdded: '2026-11-01T10:00:00.000Z',
  adopted: false,
  adoptionPending: false,
  ...unknownFacts,
  ...over,
});

function petsServer(initial: Pet[]) {
  const pets = fakeList(initial);
  return {
    handlers: [
      ...signedIn(fakeAdmin),
      answer('GET /api/all-pets', ({ paging }) => pets.page(paging)),
      answer('DELETE /api/pets/:id', ({ params }) => pets.remove(params.id)),
      answer('PATCH /api/pets/:id', ({ params, body: { adopted } }) =>
        pets.change(params.id, { adopted }),
      ),
    ],
  };
}

describe('dashboard All Pets tab (admin)', () => {
  it('shows a table skeleton, then Image, Name, Age, Category, Location and Adopted for every pet', async () => {
    const r = renderRoute('/dashboard/all-pets', {
      handlers: petsServer([
        pet(),
        pet({ _id: 'p2', petName: 'Tom', petCategory: 'cat', adopted: true }),
      ]).handlers,
    });
    expect(await r.findByRole('status', {}, { timeout: 3000 })).toBeInTheDocument();
    const rex = (await r.findByText('Rex')).closest('tr') as HTMLElement;
    expect(within(rex).getByRole('img', { name: 'Rex' })).toHaveAttribute(
      'src',
      'https://example.com/rex.png',
    );
    for (const text of ['2 years', 'Dog', 'Dhaka', 'No']) {
      expect(within(rex).getByText(text)).toBeInTheDocument();
    }
    expect(within(rex).getByRole('button', { name: /^Adopt/ })).toBeInTheDocument();
    const tom = r.getByText('Tom').closest('tr') as HTMLElement;
    expect(within(tom).getByText('Yes')).toBeInTheDocument();
    expect(within(tom).getByRole('button', { name: /^Unadopt/ })).toBeInTheDocument();
  });

  it("toggles adopted both ways with 'Pet status updated successfully!'", async () => {
    const server = petsServer([pet({ adopted: true })]);
    const r = renderRoute('/dashboard/all-pets', { handlers: server.handlers });
    await r.user.click(await r.findByRole('button', { name: /^Unadopt/ }, { timeout: 3000 }));
    expect(await r.findByText(messages.pets.adminStatusUpdated)).toBeInTheDocument();
    const patch = r.requests.find((q) => q.key.startsWith('PATCH /api/pets/'));
    expect(patch?.json()).toEqual({ adopted: false });
    await r.user.click(await r.findByRole('button', { name: /^Adopt/ }));
    await waitFor(() => expect(lastBodySent(r.requests, 'PATCH')).toEqual({ adopted: true }));
  });

  it("deletes a pet only after 'Are you sure you want to delete this pet?'", async () => {
    const r = renderRoute('/dashboard/all-pets', {
      handlers: petsServer([pet(), pet({ _id: 'p2', petName: 'Tom' })]).handlers,
    });
    await r.user.click(await r.findByRole('button', { name: /^Delete: Rex/ }, { timeout: 3000 }));
    const dialog = await r.findByRole('alertdialog', { name: messages.pets.adminConfirmDelete });
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(r.requests.some((q) => q.method === 'DELETE')).toBe(false);

    await r.user.click(r.getByRole('button', { name: /^Delete: Rex/ }));
    const again = await r.findByRole('alertdialog', { name: messages.pets.adminConfirmDelete });
    await r.user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await r.findByText(messages.pets.adminDeleted)).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).toContain(
      'DELETE /api/pets/11111111-1111-4111-8111-111111111111',
    );
    await waitFor(() => expect(r.queryByText('Rex')).toBeNull());
    expect(r.getByText('Tom')).toBeInTheDocument();
  });

  it('shows the failure messages when a delete or a status change fails', async () => {
    const r = renderRoute('/dashboard/all-pets', {
      handlers: [
        ...petsServer([pet()]).handlers,
        answer('DELETE /api/pets/:id', () => apiError(500, 'INTERNAL_ERROR')),
        answer('PATCH /api/pets/:id', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    await r.user.click(await r.findByRole('button', { name: /^Adopt/ }, { timeout: 3000 }));
    expect(await r.findByText(messages.pets.adminStatusUpdateFailed)).toBeInTheDocument();
    await r.user.click(r.getByRole('button', { name: /^Delete: Rex/ }));
    const dialog = await r.findByRole('alertdialog');
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await r.findByText(messages.pets.deleteFailed)).toBeInTheDocument();
    expect(r.getByText('Rex')).toBeInTheDocument();
  });

  it('shows the list failure message', async () => {
    const r = renderRoute('/dashboard/all-pets', {
      handlers: [
        ...signedIn(fakeAdmin),
        answer('GET /api/all-pets', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    expect(await r.findByText(messages.pets.listFailed, {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('sends a signed-in non-admin who types the URL to /, without calling the admin API', async () => {
    const r = renderRoute('/dashboard/all-pets', { handlers: signedIn({ admin: false }) });
    await waitFor(() => expect(r.path()).toBe('/'), { timeout: 3000 });
    expect(r.requests.map((q) => q.key)).not.toContain('GET /api/all-pets');
  });

  it('sends an anonymous visitor to /login', async () => {
    const r = renderRoute('/dashboard/all-pets');
    await waitFor(() => expect(r.path()).toBe('/login'), { timeout: 3000 });
  });
});
