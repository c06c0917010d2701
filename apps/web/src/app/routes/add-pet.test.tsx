import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { IMAGE_UPLOADED_TEXT } from '@/components/ui/image-upload';
import type { HttpHandler } from 'msw';
import { makePet } from '@/features/pets/test-data';
import { answer, apiError, networkError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';
import { uploadAnswer } from '@/testing/uploads';

const picture = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'rex.png', { type: 'image/png' });

function renderAddPet(handlers: HttpHandler[] = [], path = '/add-pet') {
  return renderRoute(path, {
    handlers: [
      ...signedIn(),
      answer('POST /api/images', () => uploadAnswer()),
      answer('POST /api/add-pet', ({ body }) =>
        makePet({ ...body, userEmail: defaultFakeUser.email }),
      ),
      ...handlers,
    ],
  });
}

const uploads = (r: ReturnType<typeof renderAddPet>) =>
  r.requests.filter((q) => q.key === 'POST /api/images');

async function fillFields(r: ReturnType<typeof renderAddPet>) {
  await r.user.type(screen.getByLabelText(/Pet Name/), 'Rex');
  await r.user.type(screen.getByLabelText(/Pet Age/), '2 years');
  await r.user.type(screen.getByLabelText(/Pet Location/), 'Sylhet');
  await r.user.selectOptions(screen.getByLabelText(/Category/), 'Reptile');
  await r.user.type(screen.getByLabelText(/Short Description/), 'A calm lizard.');
  await r.user.type(screen.getByLabelText(/Long Description/), 'Rex likes warm rocks.');
}

/** The facts of a pet added without any (the form's defaults). */
const noFactsSent = {
  morePhotos: [],
  sex: 'unknown',
  size: null,
  birthDate: null,
  breed: null,
  goodWithChildren: 'unknown',
  goodWithDogs: 'unknown',
  goodWithCats: 'unknown',
  houseTrained: 'unknown',
  vaccinated: 'unknown',
  neutered: 'unknown',
  specialNeeds: 'unknown',
  placeId: null,
};

describe('/add-pet', () => {
  it('uploads several photos at once: the first is the cover, the others can be reordered, made the cover or removed', async () => {
    let n = 0;
    const r = renderAddPet([
      answer('POST /api/images', () => uploadAnswer(String(++n).repeat(64).slice(0, 64))),
    ]);
    const url = (i: number) => uploadAnswer(String(i).repeat(64).slice(0, 64)).data.display_url;
    // a picture shows one of the stored widths of the upload
    const of = (i: number) => expect.stringContaining(`/api/images/${String(i).repeat(64)}-`);
    await r.user.upload(await screen.findByLabelText('More photos'), [
      picture(),
      picture(),
      picture(),
    ]);
    await waitFor(() => expect(uploads(r)).toHaveLength(3));
    const photo = (i: number) => screen.findByAltText(`Photo ${i}`);
    await photo(3);
    // no cover yet: the first upload to finish became it (Pet Image shows it)
    expect(await screen.findByAltText('Preview of the chosen picture')).toHaveAttribute(
      'src',
      of(1),
    );
    expect(await photo(2)).toHaveAttribute('src', of(2));

    await r.user.click(screen.getByRole('button', { name: 'Move Photo 2 later' }));
    expect(await photo(2)).toHaveAttribute('src', of(3));
    expect(await photo(3)).toHaveAttribute('src', of(2));
    // the moved photo's button keeps the focus: the keyboard can go on moving it
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move Photo 3 later'));
    await r.user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(screen.getByAltText('Preview of the chosen picture')).toHaveAttribute('src', of(2));
    expect(await photo(3)).toHaveAttribute('src', of(1));
    await r.user.click(screen.getByRole('button', { name: 'Remove Photo 2' }));
    expect(await photo(2)).toHaveAttribute('src', of(1));

    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));
    expect(await screen.findByText(messages.pets.added)).toBeInTheDocument();
    const sent = r.requests.find((q) => q.key === 'POST /api/add-pet')!.json();
    expect(sent).toMatchObject({ petImage: url(2), morePhotos: [url(1)] });
  });

  it('sends the facts given: age in years and months fills Pet Age, a place is picked from the suggestions', async () => {
    const r = renderAddPet([
      answer('GET /api/places', ({ query }) =>
        query.get('q')?.toLowerCase().startsWith('le')
          ? [
              { id: 2644688, label: 'Leeds, United Kingdom' },
              { id: 2644668, label: 'Leicester, United Kingdom' },
            ]
          : [],
      ),
    ]);
    await r.user.upload(await screen.findByLabelText('Pet Image'), picture());
    await screen.findByText(IMAGE_UPLOADED_TEXT);
    await fillFields(r);
    await r.user.selectOptions(screen.getByLabelText('Sex'), 'Female');
    await r.user.selectOptions(screen.getByLabelText('Size'), 'Small');
    await r.user.type(screen.getByRole('textbox', { name: 'Years' }), '1');
    await r.user.type(screen.getByRole('textbox', { name: 'Months' }), '6');
    expect(screen.getByLabelText(/Pet Age/)).toHaveValue('1 year, 6 months');
    await r.user.type(screen.getByLabelText('Breed'), 'Leopard gecko');
    await r.user.selectOptions(screen.getByLabelText('Good with children'), 'Yes');
    const place = screen.getByLabelText(/Town or city/);
    // text that names no place of the list is not used, and the form says so
    await r.user.type(place, 'Xyzzy');
    expect(
      await screen.findByText('No town or city of that name in the list.'),
    ).toBeInTheDocument();
    await r.user.clear(place);
    await r.user.type(place, 'Lee');
    expect(
      await screen.findByText(
        'Pick one of the suggested places: only a place from the list is used.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        document.querySelectorAll(`#${CSS.escape(place.getAttribute('list')!)} option`),
      ).toHaveLength(2),
    );
    await r.user.clear(place);
    await r.user.type(place, 'Leeds, United Kingdom');
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));

    expect(await screen.findByText(messages.pets.added)).toBeInTheDocument();
    const sent = r.requests
      .find((q) => q.key === 'POST /api/add-pet')!
      .json<Record<string, unknown>>();
    expect(sent).toMatchObject({
      petAge: '1 year, 6 months',
      sex: 'female',
      size: 'small',
      breed: 'Leopard gecko',
      goodWithChildren: 'yes',
      goodWithDogs: 'unknown',
      placeId: 2644688,
    });
    // the form starts again empty, the place and age boxes too
    await waitFor(() => expect(screen.getByLabelText(/Town or city/)).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Years' })).toHaveValue('');
    expect(sent.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows the signed-in user's e-mail read-only", async () => {
    renderAddPet();
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveValue(defaultFakeUser.email);
    expect(email).toHaveAttribute('readonly');
  });

  it("asks for a picture first: 'Please upload a pet image!'", async () => {
    const r = renderAddPet();
    await screen.findByLabelText(/Pet Name/);
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));
    expect((await screen.findAllByText(messages.pets.uploadImageFirst)).length).toBeGreaterThan(0);
    expect(r.requests.some((q) => q.key === 'POST /api/add-pet')).toBe(false);
  });

  it('uploads the picture, adds the pet, then resets the form and clears the picture', async () => {
    const r = renderAddPet();
    await r.user.upload(await screen.findByLabelText('Pet Image'), picture());
    expect(await screen.findByText(IMAGE_UPLOADED_TEXT)).toBeInTheDocument();
    expect(uploads(r)).toHaveLength(1);
    expect(uploads(r)[0]?.form?.get('image')).toMatchObject({ type: 'image/png' });
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));

    expect(await screen.findByText(messages.pets.added)).toBeInTheDocument();
    const sent = r.requests.find((q) => q.key === 'POST /api/add-pet')!;
    expect(sent.json()).toEqual({
      petImage: uploadAnswer().data.display_url,
      petName: 'Rex',
      petAge: '2 years',
      petLocation: 'Sylhet',
      petCategory: 'reptile',
      shortDescription: 'A calm lizard.',
      longDescription: 'Rex likes warm rocks.',
      ...noFactsSent,
    });
    await waitFor(() => expect(screen.getByLabelText(/Pet Name/)).toHaveValue(''));
    expect(screen.getByLabelText(/Long Description/)).toHaveValue('');
    expect(screen.getByLabelText(/Category/)).toHaveValue('dog');
    expect(screen.queryByText(IMAGE_UPLOADED_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByAltText('Preview of the chosen picture')).not.toBeInTheDocument();
  });

  it("shows the server's message and its field errors when the pet is refused", async () => {
    const r = renderAddPet([
      answer('POST /api/add-pet', () =>
        apiError(400, 'VALIDATION_FAILED', 'petName: Pet name must be at most 100 characters', [
          { path: 'json.petName', message: 'Pet name must be at most 100 characters' },
        ]),
      ),
    ]);
    await r.user.upload(await screen.findByLabelText('Pet Image'), picture());
    await screen.findByText(IMAGE_UPLOADED_TEXT);
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));
    expect(
      await screen.findByText('petName: Pet name must be at most 100 characters'),
    ).toBeInTheDocument();
    expect(screen.getByText('Pet name must be at most 100 characters')).toBeInTheDocument();
    // nothing was lost
    expect(screen.getByLabelText(/Pet Name/)).toHaveValue('Rex');
  });

  it("says 'Failed to add pet. Please try again.' when the network fails and 'Failed to add pet.' on a server fault", async () => {
    let mode: 'network' | 'server' = 'network';
    const r = renderAddPet([
      answer('POST /api/add-pet', () =>
        mode === 'network' ? networkError() : apiError(500, 'INTERNAL_ERROR', 'Internal error'),
      ),
    ]);
    await r.user.upload(await screen.findByLabelText('Pet Image'), picture());
    await screen.findByText(IMAGE_UPLOADED_TEXT);
    await fillFields(r);
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));
    expect(await screen.findByText(messages.pets.addNetworkFailed)).toBeInTheDocument();
    mode = 'server';
    await r.user.click(screen.getByRole('button', { name: 'Add Pet' }));
    expect(await screen.findByText(messages.pets.addFailed)).toBeInTheDocument();
  });

  it('is also the default tab of the dashboard', async () => {
    renderAddPet([], '/dashboard');
    expect(await screen.findByLabelText('Pet Image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Pet' })).toBeInTheDocument();
  });
});
