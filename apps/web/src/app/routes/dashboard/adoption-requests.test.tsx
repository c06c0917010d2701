import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { makeAdoptionRequest } from '@/features/pets/test-data';
import { answer, apiError, page } from '@/testing/api-handlers';
import { heldAnswer } from '@/testing/held-answer';
import { fakeList } from '@/testing/fake-list';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn } from '@/testing/session';

function requests() {
  return [
    makeAdoptionRequest({
      petName: 'Rex',
      userName: 'Nadia Rahman',
      userEmail: 'nadia@example.com',
      phone: '01711000000',
      address: '5 Hill Road, Sylhet',
      status: 'pending',
    }),
    makeAdoptionRequest({ petName: 'Rex', userName: 'Omar Faruk', status: 'accepted' }),
    makeAdoptionRequest({ petName: 'Luna', userName: 'Tania Akter', status: 'rejected' }),
  ];
}

describe('/dashboard/adoption-requests', () => {
  it("lists the requests on the owner's pets with the requester's name", async () => {
    const held = heldAnswer();
    const r = renderRoute('/dashboard/adoption-requests', {
      handlers: [
        ...signedIn(),
        answer(
          'GET /api/user/adoption-requests',
          held.answer(() => page(requests())),
        ),
      ],
    });
    expect(await screen.findByText('Loading adoption requests')).toBeInTheDocument();
    held.release();
    const table = await screen.findByRole('table', { name: 'Adoption Requests' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Serial No',
      'Pet',
      'Requester Name',
      'Email',
      'Phone',
      'Location',
      'Accept',
      'Reject',
      'Status',
      'Request',
    ]);
    const nadia = within(table).getByRole('row', { name: /Nadia Rahman/ });
    expect(within(nadia).getByText('nadia@example.com')).toBeInTheDocument();
    expect(within(nadia).getByText('01711000000')).toBeInTheDocument();
    expect(within(nadia).getByText('5 Hill Road, Sylhet')).toBeInTheDocument();
    expect(within(nadia).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(nadia).getByRole('button', { name: 'Reject' })).toBeEnabled();
    // the button matching the status is disabled and relabelled
    const omar = within(table).getByRole('row', { name: /Omar Faruk/ });
    expect(within(omar).getByRole('button', { name: 'Accepted' })).toBeDisabled();
    expect(within(omar).getByRole('button', { name: 'Reject' })).toBeEnabled();
    const tania = within(table).getByRole('row', { name: /Tania Akter/ });
    expect(within(tania).getByRole('button', { name: 'Rejected' })).toBeDisabled();
    expect(within(tania).getByRole('button', { name: 'Accept' })).toBeEnabled();
    const q = r.requests.find((x) => x.key === 'GET /api/user/adoption-requests')!.query;
    expect(q.get('email')).toBe(defaultFakeUser.email);
  });

  it('accepts, then rejects, reloading the list after each change', async () => {
    const list = fakeList(requests());
    const r = renderRoute('/dashboard/adoption-requests', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/adoption-requests', ({ paging }) => list.page(paging)),
        answer('PATCH /api/adoption-requests/:id', ({ params, body: { status } }) =>
          list.change(params.id, { status }),
        ),
      ],
    });
    const row = () => screen.getByRole('row', { name: /Nadia Rahman/ });
    await screen.findByRole('row', { name: /Nadia Rahman/ });
    const loadsBefore = r.requests.filter(
      (x) => x.key === 'GET /api/user/adoption-requests',
    ).length;

    await r.user.click(within(row()).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(messages.adoption.accepted)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row()).getByRole('button', { name: 'Accepted' })).toBeDisabled(),
    );
    expect(
      r.requests.filter((x) => x.key === 'GET /api/user/adoption-requests').length,
    ).toBeGreaterThan(loadsBefore);

    await r.user.click(within(row()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(messages.adoption.rejected)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row()).getByRole('button', { name: 'Rejected' })).toBeDisabled(),
    );
    expect(within(row()).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('says so when a change fails', async () => {
    const r = renderRoute('/dashboard/adoption-requests', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/adoption-requests', () => page(requests())),
        answer('PATCH /api/adoption-requests/:id', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    const row = await screen.findByRole('row', { name: /Nadia Rahman/ });
    await r.user.click(within(row).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(messages.adoption.updateFailed)).toBeInTheDocument();
  });

  it('shows an empty state when nobody has asked yet', async () => {
    renderRoute('/dashboard/adoption-requests', {
      handlers: [...signedIn(), answer('GET /api/user/adoption-requests', () => page([]))],
    });
    expect(await screen.findByText('No adoption requests yet.')).toBeInTheDocument();
  });
});
