import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { NOT_YOUR_PET_TEXT } from '@/features/pets/components/edit-pet';
import { makePet } from '@/features/pets/test-data';
import { HttpResponse } from 'msw';
import { answer, apiError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';

const mine = makePet({
  petName: 'Milo',
  petAge: '1 year',
  petLocation: 'Rajshahi',
  petCategory: 'bird',
  userEmail: defaultFakeUser.email,
});

describe('/update-pet/:id', () => {
  it("fills the form with the pet and saves changes: 'Pet updated successfully!'", async () => {
    const r = renderRoute(`/update-pet/${mine._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => mine),
        answer('PATCH /api/update-pet/:id', ({ body }) => ({ ...mine, ...body })),
      ],
    });
    const name = await screen.findByLabelText(/Pet Name/);
    expect(name).toHaveValue('Milo');
    expect(screen.getByLabelText(/Category/)).toHaveValue('bird');
    expect(screen.getByAltText('Preview of the chosen picture')).toBeInTheDocument();
    await r.user.clear(name);
    await r.user.type(name, 'Milo the Brave');
    await r.user.click(screen.getByRole('button', { name: 'Update Pet' }));
    expect(await screen.findByText(messages.pets.updated)).toBeInTheDocument();
    const sent = r.requests.find(
      (q) => q.key === 'PATCH /api/update-pet/:id'.replace(':id', mine._id),
    );
    expect(sent?.json()).toMatchObject({ petName: 'Milo the Brave', petImage: mine.petImage });
  });

  it('defaults the category to other when the pet has none the form knows', async () => {
    renderRoute(`/update-pet/${mine._id}`, {
      handlers: [
        ...signedIn(),
        // an answer outside the shared schema on purpose: a Response is sent unchecked
        answer('GET /api/pets/:id', () => HttpResponse.json({ ...mine, petCategory: 'hamster' })),
      ],
    });
    expect(await screen.findByLabelText(/Category/)).toHaveValue('other');
  });

  it("shows the server's refusal, or 'Failed to update pet.'", async () => {
    let status = 403;
    const r = renderRoute(`/update-pet/${mine._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => mine),
        answer('PATCH /api/update-pet/:id', () =>
          status === 403
            ? apiError(403, 'FORBIDDEN', 'Only the owner may change this pet.')
            : apiError(500, 'INTERNAL_ERROR'),
        ),
      ],
    });
    await screen.findByLabelText(/Pet Name/);
    await r.user.click(screen.getByRole('button', { name: 'Update Pet' }));
    expect(await screen.findByText('Only the owner may change this pet.')).toBeInTheDocument();
    status = 500;
    await r.user.click(screen.getByRole('button', { name: 'Update Pet' }));
    expect(await screen.findByText(messages.pets.updateFailed)).toBeInTheDocument();
  });

  it("refuses someone else's pet with a clear text", async () => {
    renderRoute(`/update-pet/${mine._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => ({ ...mine, userEmail: 'someone@example.com' })),
      ],
    });
    expect(await screen.findByText(NOT_YOUR_PET_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Pet' })).not.toBeInTheDocument();
  });

  it("lets an admin edit someone else's pet", async () => {
    renderRoute(`/update-pet/${mine._id}`, {
      handlers: [
        ...signedIn({ admin: true }),
        answer('GET /api/pets/:id', () => ({ ...mine, userEmail: 'someone@example.com' })),
      ],
    });
    expect(await screen.findByLabelText(/Pet Name/)).toHaveValue('Milo');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('someone@example.com');
  });

  it("says 'Pet not found' for a missing pet", async () => {
    renderRoute(`/update-pet/${mine._id}`, {
      handlers: [...signedIn(), answer('GET /api/pets/:id', () => apiError(404, 'NOT_FOUND'))],
    });
    expect(await screen.findByText(messages.pets.notFound)).toBeInTheDocument();
  });
});
