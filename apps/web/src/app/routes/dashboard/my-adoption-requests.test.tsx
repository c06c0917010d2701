import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myRequestTexts } from '@/features/pets/components/my-adoption-requests-table';
import { makeAdoptionRequest } from '@/features/pets/test-data';
import { answer, apiError, page } from '@/testing/api-handlers';
import { fakeList } from '@/testing/fake-list';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

function mine() {
  return [
    makeAdoptionRequest({ petName: 'Rex', status: 'pending' }),
    makeAdoptionRequest({ petName: 'Luna', status: 'accepted' }),
    makeAdoptionRequest({ petName: 'Kiwi', status: 'rejected' }),
  ];
}

describe('/dashboard/my-adoption-requests', () => {
  it('lists my requests with pet, date and status; Withdraw only while pending', async () => {
    renderRoute('/dashboard/my-adoption-requests', {
      handlers: [...signedIn(), answer('GET /api/user/my-adoption-requests', () => page(mine()))],
    });
    const table = await screen.findByRole('table', { name: 'My Adoption Requests' });
    const rex = within(table).getByRole('row', { name: /Rex/ });
    expect(within(rex).getByText('Pending')).toBeInTheDocument();
    expect(within(rex).getByRole('link', { name: 'Rex' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pets\//),
    );
    expect(within(rex).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(rex).getByText(/2026/)).toBeInTheDocument();
    const luna = within(table).getByRole('row', { name: /Luna/ });
    expect(within(luna).getByText('Accepted')).toBeInTheDocument();
    expect(within(luna).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Kiwi/ })).getByText('Rejected'),
    ).toBeInTheDocument();
  });

  it('withdraws a pending request after confirming', async () => {
    const list = fakeList(mine());
    const r = renderRoute('/dashboard/my-adoption-requests', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/my-adoption-requests', ({ paging }) => list.page(paging)),
        answer('DELETE /api/adoption-requests/:id', ({ params }) => list.remove(params.id)),
      ],
    });
    const rex = await screen.findByRole('row', { name: /Rex/ });
    await r.user.click(within(rex).getByRole('button', { name: 'Withdraw' }));
    await r.user.click(await screen.findByRole('button', { name: myRequestTexts.withdrawYes }));
    expect(await screen.findByText(myRequestTexts.withdrawn)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Rex/ })).not.toBeInTheDocument());
  });

  it("shows the server's reason when withdrawing is refused", async () => {
    const r = renderRoute('/dashboard/my-adoption-requests', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/my-adoption-requests', () => page(mine())),
        answer('DELETE /api/adoption-requests/:id', () =>
          apiError(409, 'CONFLICT', 'Only a pending request can be withdrawn.'),
        ),
      ],
    });
    const rex = await screen.findByRole('row', { name: /Rex/ });
    await r.user.click(within(rex).getByRole('button', { name: 'Withdraw' }));
    await r.user.click(await screen.findByRole('button', { name: myRequestTexts.withdrawYes }));
    expect(await screen.findByText('Only a pending request can be withdrawn.')).toBeInTheDocument();
  });

  it('shows an empty state with a way to the pets', async () => {
    renderRoute('/dashboard/my-adoption-requests', {
      handlers: [...signedIn(), answer('GET /api/user/my-adoption-requests', () => page([]))],
    });
    expect(await screen.findByText('You have not asked to adopt a pet yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a pet' })).toHaveAttribute('href', '/petlist');
  });
});
