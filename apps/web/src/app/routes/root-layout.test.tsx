import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_AVATAR_SRC } from '@/components/ui/avatar';
import { ACCESS_TOKEN_KEY, DARK_MODE_KEY } from '@/lib/storage';
import { answer, page } from '@/testing/api-handlers';
import { layOutPage } from '@/testing/page-layout';
import { renderRoute } from '@/testing/render-route';
import { defaultFakeUser, signedIn, tokenAnswer } from '@/testing/session';

describe('site layout', () => {
  it('shows Login and Signup to visitors, and the footer columns', async () => {
    const r = renderRoute('/');
    const nav = await r.findByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Petlist', '/petlist'],
      ['Donation Campaigns', '/donation'],
      ['Login', '/login'],
      ['Signup', '/register'],
    ]) {
      expect(within(nav).getAllByRole('link', { name })[0]).toHaveAttribute('href', href);
    }
    expect(r.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
    for (const column of ['Resources', 'Follow us', 'Legal']) {
      expect(r.getByRole('heading', { name: column })).toBeInTheDocument();
    }
  });

  it('toggles dark mode with the moon and sun buttons and keeps it after a reload', async () => {
    const first = renderRoute('/');
    await first.user.click(await first.findByRole('button', { name: 'Switch to dark mode' }));
    expect(document.body).toHaveClass('dark-theme');
    expect(document.body).not.toHaveClass('light-theme');
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe('true');
    expect(first.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    first.unmount();

    // a new page load reads the stored choice
    const second = renderRoute('/');
    expect(await second.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(document.body).toHaveClass('dark-theme');
    await second.user.click(second.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.body).toHaveClass('light-theme');
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe('false');
  });

  it('changes the navbar style after 10 px of scroll (spec section 9)', async () => {
    const r = renderRoute('/');
    const header = (await r.findByRole('navigation', { name: 'Main' })).closest('header');
    expect(header).not.toHaveAttribute('data-scrolled');
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    };
    scrollTo(10);
    expect(header).not.toHaveAttribute('data-scrolled');
    scrollTo(11);
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled', 'true'));
    scrollTo(0);
    await waitFor(() => expect(header).not.toHaveAttribute('data-scrolled'));
  });

  it('starts a new page at its top, and Back returns to where the page was left', async () => {
    const layout = layOutPage({ height: 4000, windowHeight: 800 });
    try {
      const r = renderRoute('/', { handlers: [answer('GET /api/pets', () => page([]))] });
      await r.findByRole('heading', { name: 'Welcome to Pet Haven' });
      const scrollTo = vi.spyOn(window, 'scrollTo');
      onTestFinished(() => scrollTo.mockRestore());
      layout.scrollTo(1200);
      await r.user.click(r.getByRole('link', { name: 'Get Started' }));
      await waitFor(() => expect(r.path()).toBe('/petlist'));
      expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
      layout.scrollTo(300);
      act(() => void r.navigate(-1));
      await r.findByRole('heading', { name: 'Welcome to Pet Haven' });
      expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
      act(() => void r.navigate(1));
      await waitFor(() => expect(r.path()).toBe('/petlist'));
      expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
    } finally {
      layout.restore();
    }
  });

  it('a reload returns to where its page was left; another page opened in the tab starts where it is', async () => {
    // what the tab kept when it left /petlist (pagehide): its first entry, React Router's `default`
    sessionStorage.setItem('scroll-positions', JSON.stringify({ 'default /petlist': 900 }));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    onTestFinished(() => scrollTo.mockRestore());
    const other = renderRoute('/', { handlers: [answer('GET /api/pets', () => page([]))] });
    await other.findByRole('heading', { name: 'Welcome to Pet Haven' });
    expect(scrollTo).not.toHaveBeenCalled();
    other.unmount();

    const reloaded = renderRoute('/petlist', {
      handlers: [answer('GET /api/pets', () => page([]))],
    });
    await reloaded.findByRole('heading', { name: 'Pets looking for a home' });
    expect(scrollTo).toHaveBeenCalledWith(0, 900);
  });

  it('starts in light mode when nothing is stored', async () => {
    const r = renderRoute('/');
    expect(await r.findByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
    expect(document.body).toHaveClass('light-theme');
  });

  it('opens the drawer and closes it on its close button, on outside click and on a link', async () => {
    // the last link leads to the campaigns, which the page then asks for
    const r = renderRoute('/', { handlers: [answer('GET /api/donation-campaigns', () => [])] });
    const open = await r.findByRole('button', { name: 'Open menu' });

    await r.user.click(open);
    let drawer = await r.findByRole('dialog', { name: 'Menu' });
    await r.user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(r.queryByRole('dialog')).not.toBeInTheDocument());

    await r.user.click(open);
    await r.findByRole('dialog', { name: 'Menu' });
    await r.user.click(r.getByTestId('drawer-overlay'));
    await waitFor(() => expect(r.queryByRole('dialog')).not.toBeInTheDocument());

    await r.user.click(open);
    drawer = await r.findByRole('dialog', { name: 'Menu' });
    await r.user.click(within(drawer).getByRole('link', { name: 'Donation Campaigns' }));
    await waitFor(() => expect(r.path()).toBe('/donation'));
    await waitFor(() => expect(r.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers Dashboard and Log Out in the avatar menu, with the default image', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenAnswer(defaultFakeUser.email).token);
    const r = renderRoute('/', { handlers: signedIn({ photoURL: null }) });
    const trigger = await r.findByRole('button', { name: /account menu/i });
    expect(trigger.querySelector('img')).toHaveAttribute('src', DEFAULT_AVATAR_SRC);
    expect(r.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await r.user.click(trigger);
    const menu = await r.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await r.user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

    await waitFor(() =>
      expect(r.requests.some((q) => q.key === 'POST /api/auth/sign-out')).toBe(true),
    );
    expect(await r.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('falls back to the default image when the photo fails to load', async () => {
    const r = renderRoute('/', {
      handlers: signedIn({ photoURL: 'https://images.example.com/broken.png' }),
    });
    const img = (await r.findByRole('button', { name: /account menu/i })).querySelector('img');
    expect(img).toHaveAttribute('src', 'https://images.example.com/broken.png');
    img?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img).toHaveAttribute('src', DEFAULT_AVATAR_SRC));
  });
});
