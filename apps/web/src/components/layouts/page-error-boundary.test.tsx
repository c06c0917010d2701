import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new Error('a screen that cannot render');
}

describe('a page that cannot be shown', () => {
  it('offers Reload and the way home instead of a blank page, and another page shows again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <PageErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<h1>A fine page</h1>} />
          </Routes>
        </PageErrorBoundary>
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    // React reports what the screen threw
    expect(logged).toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'A fine page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});
