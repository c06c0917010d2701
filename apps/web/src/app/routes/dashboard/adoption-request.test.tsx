import type {
  AdoptionMessage,
  AdoptionRequestDetail,
  AdoptionStatus,
} from '@pet-haven/shared/pets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestPageTexts } from '@/features/pets/components/adoption-request-view';
import { makeAdoptionRequest } from '@/features/pets/test-data';
import { answer, apiError, page } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

function detail(over: Partial<AdoptionRequestDetail> = {}): AdoptionRequestDetail {
  return {
    ...makeAdoptionRequest({
      petName: 'Rex',
      userName: 'Ann Adopter',
      answers: { homeType: 'house', garden: 'yes', message: 'We walk a lot.' },
    }),
    history: [{ status: 'pending', at: '2026-11-20T10:00:00.000Z', byName: 'Ann Adopter' }],
    viewerSide: 'owner',
    ...over,
  };
}

const message = (over: Partial<AdoptionMessage>): AdoptionMessage => ({
  _id: crypto.randomUUID(),
  body: 'Hello',
  authorName: 'Ann Adopter',
  mine: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

/** A request served as the server would: its status moves with each PATCH. */
function requestServer(initial: AdoptionRequestDetail, messages: AdoptionMessage[] = []) {
  let current = initial;
  return [
    answer('GET /api/adoption-requests/:id', () => current),
    answer('PATCH /api/adoption-requests/:id', ({ body }) => {
      const status = body.status as AdoptionStatus;
      current = {
        ...current,
        status,
        history: [...current.history, { status, at: '2026-11-22T10:00:00.000Z', byName: 'Me' }],
      };
      return current;
    }),
    answer('GET /api/adoption-requests/:id/messages', () => page([...messages])),
    answer('POST /api/adoption-requests/:id/messages', ({ body }) => {
      const sent = message({ body: body.body, mine: true, authorName: 'Me' });
      messages.unshift(sent);
      return sent;
    }),
    answer('PUT /api/adoption-requests/:id/read', () => ({ count: 0, requestId: null })),
  ];
}

describe('/dashboard/adoption/:id', () => {
  it("shows the owner the requester's answers and history, and moves the request on", async () => {
    const request = detail();
    const r = renderRoute(`/dashboard/adoption/${request._id}`, {
      handlers: [...signedIn(), ...requestServer(request)],
    });
    expect(await screen.findByRole('link', { name: 'Rex' })).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('House')).toBeInTheDocument();
    expect(within(answers).getByText('We walk a lot.')).toBeInTheDocument();
    expect(within(answers).queryByText('Children at home')).not.toBeInTheDocument();

    const moves = screen.getByRole('group', { name: 'Decide on this request' });
    expect(within(moves).queryByRole('button', { name: 'Confirm adoption' })).toBeNull();
    await r.user.click(within(moves).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Confirm adoption' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Confirm adoption' }));
    // asked once more: it cannot be taken back
    const confirm = await screen.findByRole('alertdialog', { name: /^Confirm the adoption of/ });
    await r.user.click(within(confirm).getByRole('button', { name: 'Confirm adoption' }));
    expect(await screen.findByText(requestPageTexts.adoptedConfirmed)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('group', { name: 'Decide on this request' }),
      ).not.toBeInTheDocument(),
    );
    const history = screen.getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Pending — Ann Adopter/),
      expect.stringMatching(/^Accepted — Me/),
      expect.stringMatching(/^Adopted — Me/),
    ]);
    const sent = r.requests.filter((q) => q.key.startsWith('PATCH '));
    expect(sent.map((q) => q.json())).toEqual([{ status: 'accepted' }, { status: 'adopted' }]);
  });

  it('shows the conversation oldest first, marks it read, and sends a message', async () => {
    const request = detail({ viewerSide: 'requester' });
    const r = renderRoute(`/dashboard/adoption/${request._id}`, {
      handlers: [
        ...signedIn(),
        ...requestServer(request, [
          message({ body: 'Saturday at 10?', authorName: 'Olive Owner' }),
          message({ body: 'Could I visit?', mine: true, authorName: 'Ann Adopter' }),
        ]),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^You, .*Could I visit\?$/),
      expect.stringMatching(/^Olive Owner, .*Saturday at 10\?$/),
    ]);
    // the requester does not decide
    expect(screen.queryByRole('group', { name: 'Decide on this request' })).toBeNull();
    await waitFor(() =>
      expect(r.requests.some((q) => q.key.startsWith('PUT ') && q.path.endsWith('/read'))).toBe(
        true,
      ),
    );

    await r.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    await r.user.type(screen.getByLabelText('Your message'), 'Perfect, see you then.');
    await r.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent(
        'Perfect, see you then.',
      ),
    );
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('closes the conversation of a rejected request', async () => {
    const rejected = detail({ status: 'rejected', viewerSide: 'requester' });
    renderRoute(`/dashboard/adoption/${rejected._id}`, {
      handlers: [...signedIn(), ...requestServer(rejected)],
    });
    expect(await screen.findByText(requestPageTexts.closedConversation)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('says when the request is not the caller’s to see', async () => {
    renderRoute(`/dashboard/adoption/${detail()._id}`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/adoption-requests/:id', () =>
          apiError(403, 'FORBIDDEN', 'Only the two parties to this request can read it.'),
        ),
        answer('GET /api/adoption-requests/:id/messages', () => page([])),
      ],
    });
    expect(await screen.findByText(requestPageTexts.notFound)).toBeInTheDocument();
  });
});

describe('the avatar menu', () => {
  it('shows the unread count and links to the newest unread conversation', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    const r = renderRoute('/', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/unread-messages', () => ({ count: 2, requestId: id })),
      ],
    });
    const avatar = await screen.findByRole('button', {
      name: /Account menu for .*, 2 unread messages/,
    });
    await r.user.click(avatar);
    expect(await screen.findByRole('menuitem', { name: '2 unread messages' })).toHaveAttribute(
      'href',
      `/dashboard/adoption/${id}`,
    );
  });
});
