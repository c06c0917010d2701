import { render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';

// vitest.setup.ts dismisses every toast after each test: Sonner keeps them in a module-level store
describe('toasts between tests', () => {
  it('a test shows a toast', async () => {
    render(<Toaster />);
    toast.error('A toast from the first test');
    expect(await screen.findByText('A toast from the first test')).toBeInTheDocument();
  });

  it('the next test does not see it', async () => {
    render(<Toaster />);
    toast('A toast from the second test');
    expect(await screen.findByText('A toast from the second test')).toBeInTheDocument();
    expect(screen.queryByText('A toast from the first test')).not.toBeInTheDocument();
  });
});
