import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { makeAdoptionRequest, makePet } from '@/features/pets/test-data';
import { answer, apiError } from '@/testing/api-handlers';
import { findEnabledButton } from '@/testing/queries';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';

// route modules load lazily and the machine is shared: allow slow first renders
configure({ asyncUtilTimeout: 5000 });

const pet = makePet({
  petName: 'Bella',
  petAge: '3 months',
  petCategory: 'cat',
  petLocation: 'Khulna',
  longDescription: 'Bella purrs a lot.',
  userEmail: 'owner@example.com',
});

describe('/pets/:id', { timeout: 20_000 }, () => {
  it('shows the loading text, then the pet', async () => {
    let release!: () => void;
    const released = new Promise<void>((res) => (release = res));
    renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', async () => {
          await released;
          return pet;
        }),
      ],
    });
    expect(await screen.findByText(messages.pets.loadingDetails)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Bella', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('3 months')).toBeInTheDocument();
    expect(screen.getByText('Cat')).toBeInTheDocument();
    expect(screen.getByText('Khulna')).toBeInTheDocument();
    expect(screen.getByText('Bella purrs a lot.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bella' })).toHaveAttribute('srcset');
    expect(screen.getByRole('button', { name: 'Adopt' })).toBeInTheDocument();
  });

  it('shows several photos as a gallery: arrows, keyboard, swipe and thumbnails', async () => {
    const photo = (c: string) => `/api/images/${c.repeat(64)}-1600w.webp`;
    const withPhotos = { ...pet, petImage: photo('a'), morePhotos: [photo('b'), photo('c')] };
    const r = renderRoute(`/pets/${pet._id}`, {
      handlers: [...signedIn(), answer('GET /api/pets/:id', () => withPhotos)],
    });
    const gallery = await screen.findByRole('region', { name: 'Photos of Bella' });
    const shown = () => within(gallery).getByRole('img', { name: /^Bella, photo/ });
    expect(shown()).toHaveAccessibleName('Bella, photo 1 of 3');
    expect(shown().getAttribute('src')).toContain('a'.repeat(64));
    expect(within(gallery).getByText('Photo 1 of 3')).toBeInTheDocument();

    await r.user.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAccessibleName('Bella, photo 2 of 3');
    expect(shown().getAttribute('src')).toContain('b'.repeat(64));
    // the arrow keys turn the photos while the gallery has focus; they wrap round
    await r.user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Bella, photo 1 of 3');
    await r.user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAccessibleName('Bella, photo 3 of 3');

    const thumb = within(gallery).getByRole('button', { name: 'Show photo 2 of 3' });
    await r.user.click(thumb);
    expect(shown()).toHaveAccessibleName('Bella, photo 2 of 3');
    expect(thumb).toHaveAttribute('aria-current', 'true');

    // a finger swiping left shows the next photo
    const stage = shown().parentElement!;
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 200 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 100 });
    expect(shown()).toHaveAccessibleName('Bella, photo 3 of 3');
  });

  it("says 'Pet not found' for a 404", async () => {
    renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => apiError(404, 'NOT_FOUND', 'Pet not found')),
      ],
    });
    expect(await screen.findByText(messages.pets.notFound)).toBeInTheDocument();
  });

  it("says 'Failed to fetch pet details' for other failures", async () => {
    renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => apiError(500, 'INTERNAL_ERROR', 'boom')),
      ],
    });
    expect(await screen.findByText(messages.pets.fetchDetailsFailed)).toBeInTheDocument();
  });

  it('sends an adoption request from the dialog', async () => {
    const r = renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn({ name: 'Rafi Ahmed', email: 'rafi@example.com' }),
        answer('GET /api/pets/:id', () => pet),
        answer('POST /api/adoption-requests', ({ body }) =>
          makeAdoptionRequest({
            petId: body.petId,
            petName: pet.petName,
            petImage: pet.petImage,
            userName: 'Rafi Ahmed',
            userEmail: 'rafi@example.com',
            phone: body.phone,
            address: body.address,
          }),
        ),
      ],
    });
    await r.user.click(await findEnabledButton('Adopt'));
    const dialog = await screen.findByRole('dialog', { name: 'Adopt Bella' });
    const name = within(dialog).getByLabelText('User Name');
    const email = within(dialog).getByLabelText('Email');
    expect(name).toHaveValue('Rafi Ahmed');
    expect(name).toHaveAttribute('readonly');
    expect(email).toHaveValue('rafi@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/Phone Number/)).toHaveAttribute('type', 'tel');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    // phone and address are required
    await r.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Address is required')).toBeInTheDocument();
    expect(r.requests.some((q) => q.key === 'POST /api/adoption-requests')).toBe(false);

    await r.user.type(within(dialog).getByLabelText(/Phone Number/), '+880 1711 223344');
    await r.user.type(within(dialog).getByLabelText(/Address/), '7 Lake Road, Dhaka');
    // the optional questions: two answered, the rest left out
    await r.user.selectOptions(within(dialog).getByLabelText('Home type'), 'Flat or apartment');
    await r.user.type(within(dialog).getByLabelText('Message to the owner'), 'We love cats.');
    await r.user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(messages.adoption.submitted)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = r.requests.find((q) => q.key === 'POST /api/adoption-requests')!;
    expect(sent.json()).toEqual({
      petId: pet._id,
      phone: '+880 1711 223344',
      address: '7 Lake Road, Dhaka',
      answers: { homeType: 'flat', message: 'We love cats.' },
    });
    expect(sent.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it("shows the server's reason when a request is refused, and a generic text otherwise", async () => {
    let status = 409;
    const r = renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => pet),
        answer('POST /api/adoption-requests', () =>
          apiError(status, 'CONFLICT', 'You already have a pending request for this pet.'),
        ),
      ],
    });
    await r.user.click(await findEnabledButton('Adopt'));
    const dialog = await screen.findByRole('dialog');
    await r.user.type(within(dialog).getByLabelText(/Phone Number/), '01711223344');
    await r.user.type(within(dialog).getByLabelText(/Address/), 'Dhaka');
    await r.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('You already have a pending request for this pet.'),
    ).toBeInTheDocument();
    // the dialog stays open so the user can try again
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    status = 500;
    await r.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.adoption.submitFailed)).toBeInTheDocument();
  });

  it('offers no Adopt button on your own pet', async () => {
    renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => ({ ...pet, userEmail: defaultFakeUser.email })),
      ],
    });
    expect(await screen.findByText(/This is your pet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adopt' })).not.toBeInTheDocument();
  });

  it('offers no Adopt button on an adopted pet', async () => {
    renderRoute(`/pets/${pet._id}`, {
      handlers: [...signedIn(), answer('GET /api/pets/:id', () => ({ ...pet, adopted: true }))],
    });
    expect(await screen.findByText('This pet has already found a home.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adopt' })).not.toBeInTheDocument();
  });

  it('lists the facts the owner gave, and none not given', async () => {
    renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => ({
          ...pet,
          sex: 'female',
          size: 'medium',
          ageGroup: 'young',
          breed: 'Greyhound',
          goodWithChildren: 'yes',
          goodWithCats: 'no',
          place: { id: 2644688, label: 'Leeds, United Kingdom' },
        })),
      ],
    });
    const facts = await screen.findByText('Greyhound');
    const list = facts.closest('dl')!;
    const pairs = [...list.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Sex', 'Female'],
        ['Size', 'Medium'],
        ['Age group', 'Young'],
        ['Breed', 'Greyhound'],
        ['Place', 'Leeds, United Kingdom'],
        ['Good with children', 'Yes'],
        ['Good with cats', 'No'],
      ]),
    );
    expect(within(list).queryByText('Good with dogs')).not.toBeInTheDocument();
  });

  it('says "Adoption pending" and offers no Adopt button while a request is accepted', async () => {
    renderRoute(`/pets/${pet._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets/:id', () => ({ ...pet, adoptionPending: true })),
      ],
    });
    expect(await screen.findByText('Adoption pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adopt' })).not.toBeInTheDocument();
  });

  it('shows a visitor the pet; Adopt leads to /login, which brings them back', async () => {
    const r = renderRoute(`/pets/${pet._id}`, {
      handlers: [answer('GET /api/pets/:id', () => pet)],
    });
    expect(await screen.findByRole('heading', { name: 'Bella', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Bella purrs a lot.')).toBeInTheDocument();
    // Adopt waits until the session says this is a visitor
    await r.user.click(await findEnabledButton('Adopt'));
    await waitFor(() => expect(r.path()).toBe('/login'));
    expect(r.location().state).toMatchObject({ from: { pathname: `/pets/${pet._id}` } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
