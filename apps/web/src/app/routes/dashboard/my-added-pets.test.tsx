import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { makePet } from '@/features/pets/test-data';
import { answer, apiError, page, pageFrom } from '@/testing/api-handlers';
import { fakeList } from '@/testing/fake-list';
import { heldAnswer } from '@/testing/held-answer';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';

function ownPets() {
  return [
    makePet({ petName: 'Rex', petCategory: 'reptile', userEmail: defaultFakeUser.email }),
    makePet({
      petName: 'Luna',
      petCategory: 'cat',
      adopted: true,
      userEmail: defaultFakeUser.email,
    }),
  ];
}

describe('/dashboard/my-added-pets', () => {
  it('shows a table skeleton, then the pets with the spec columns', async () => {
    const held = heldAnswer();
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer(
          'GET /api/user/pets',
          held.answer(() => page(ownPets())),
        ),
      ],
    });
    expect(await screen.findByText('Loading your pets')).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    held.release();

    const table = await screen.findByRole('table', { name: 'My Added Pets' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Serial No',
      'Pet Name',
      'Category',
      'Image',
      'Adoption Status',
      'Update',
      'Delete',
      'Adopt',
    ]);
    const rex = within(table).getByRole('row', { name: /Rex/ });
    expect(within(rex).getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(within(rex).getByText('Reptile')).toBeInTheDocument();
    expect(within(rex).getByText('Not Adopted')).toBeInTheDocument();
    expect(within(rex).getByRole('img', { name: 'Rex' })).toBeInTheDocument();
    expect(within(rex).getByRole('link', { name: 'Update' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/update-pet\//),
    );
    expect(within(rex).getByRole('button', { name: 'Adopt' })).toBeEnabled();
    const luna = within(table).getByRole('row', { name: /Luna/ });
    expect(within(luna).getByText('Adopted')).toBeInTheDocument();
    expect(within(luna).getByRole('button', { name: 'Adopt' })).toBeDisabled();
    // asked for the caller's own pets
    const q = r.requests.find((x) => x.key === 'GET /api/user/pets')!.query;
    expect(q.get('email')).toBe(defaultFakeUser.email);
  });

  it('deletes after the confirmation and reloads the list', async () => {
    const pets = fakeList(ownPets());
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/pets', ({ paging }) => pets.page(paging)),
        answer('DELETE /api/pet/:id', ({ params }) => pets.remove(params.id)),
      ],
    });
    const rex = await screen.findByRole('row', { name: /Rex/ });
    await r.user.click(within(rex).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: messages.pets.confirmDeleteTitle,
    });
    expect(within(dialog).getByText(messages.pets.confirmDeleteText)).toBeInTheDocument();

    // No, cancel! leaves the pet alone
    await r.user.click(within(dialog).getByRole('button', { name: messages.pets.confirmDeleteNo }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(r.requests.some((q) => q.method === 'DELETE')).toBe(false);

    await r.user.click(within(rex).getByRole('button', { name: 'Delete' }));
    await r.user.click(await screen.findByRole('button', { name: messages.pets.confirmDeleteYes }));
    expect(await screen.findByText(messages.pets.deletedTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.pets.deletedText)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Rex/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Luna/ })).toBeInTheDocument();
  });

  it('says so when deleting fails', async () => {
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/pets', () => page(ownPets())),
        answer('DELETE /api/pet/:id', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    const rex = await screen.findByRole('row', { name: /Rex/ });
    await r.user.click(within(rex).getByRole('button', { name: 'Delete' }));
    await r.user.click(await screen.findByRole('button', { name: messages.pets.confirmDeleteYes }));
    expect(await screen.findByText(messages.pets.deleteFailed)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Rex/ })).toBeInTheDocument();
  });

  it('marks a pet adopted, then disables its Adopt button', async () => {
    const pets = fakeList(ownPets());
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/pets', ({ paging }) => pets.page(paging)),
        answer('PATCH /api/pets/:id/adopted', ({ params }) =>
          pets.change(params.id, { adopted: true }),
        ),
      ],
    });
    const rex = await screen.findByRole('row', { name: /Rex/ });
    await r.user.click(within(rex).getByRole('button', { name: 'Adopt' }));
    expect(await screen.findByText(messages.pets.markedAdoptedTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.pets.markedAdoptedText)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Rex/ })).getByRole('button', { name: 'Adopt' }),
      ).toBeDisabled(),
    );
    expect(
      within(screen.getByRole('row', { name: /Rex/ })).getByText('Adopted'),
    ).toBeInTheDocument();
  });

  it('says so when marking adopted fails', async () => {
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/pets', () => page(ownPets())),
        answer('PATCH /api/pets/:id/adopted', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    const rex = await screen.findByRole('row', { name: /Rex/ });
    await r.user.click(within(rex).getByRole('button', { name: 'Adopt' }));
    expect(await screen.findByText(messages.pets.markAdoptedFailed)).toBeInTheDocument();
  });

  it('pages a long list', async () => {
    const all = Array.from({ length: 12 }, (_, i) =>
      makePet({ petName: `Pet number ${i + 1}`, userEmail: defaultFakeUser.email }),
    );
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/pets', ({ paging }) => pageFrom(all, paging)),
      ],
    });
    expect(await screen.findByRole('row', { name: /Pet number 10\b/ })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Pet number 12/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Pet number 12/ })).getByRole('cell', { name: '12' }),
    ).toBeInTheDocument();
  });

  it('steps back to the last page there is when the only pet of the last page is deleted', async () => {
    const all = fakeList(
      Array.from({ length: 11 }, (_, i) =>
        makePet({ petName: `Pet number ${i + 1}`, userEmail: defaultFakeUser.email }),
      ),
    );
    const r = renderRoute('/dashboard/my-added-pets', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/pets', ({ paging }) => all.page(paging)),
        answer('DELETE /api/pet/:id', ({ params }) => all.remove(params.id)),
      ],
    });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Next' }));
    const last = await screen.findByRole('row', { name: /Pet number 11/ });
    await r.user.click(within(last).getByRole('button', { name: 'Delete' }));
    await r.user.click(await screen.findByRole('button', { name: messages.pets.confirmDeleteYes }));
    // one page is left: its pets show, numbered from 1, and the pager is gone
    expect(await screen.findByRole('row', { name: /Pet number 10\b/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Pet number 1\b/ })).getByRole('cell', { name: '1' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Pet number 11/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'My pets pages' })).not.toBeInTheDocument();
    expect(screen.queryByText('You have not added any pets yet.')).not.toBeInTheDocument();
  });

  it('shows an empty state when the user has no pets', async () => {
    renderRoute('/dashboard/my-added-pets', {
      handlers: [...signedIn(), answer('GET /api/user/pets', () => page([]))],
    });
    expect(await screen.findByText('You have not added any pets yet.')).toBeInTheDocument();
  });
});
