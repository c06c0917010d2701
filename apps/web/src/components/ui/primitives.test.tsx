import type { FormEvent } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { FormField } from './form-field';
import { Input } from './input';
import { Modal } from './modal';
import { Pagination } from './pagination';
import { ProgressBar } from './progress-bar';
import { SkeletonGrid, TableSkeleton } from './skeleton';

describe('UI primitives', () => {
  it('FormField ties the label, hint and error to the control', () => {
    render(
      <FormField label="Pet Name" hint="As on the collar" error="Pet name is required" required>
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Pet Name');
    expect(input).toHaveAccessibleDescription('As on the collar Pet name is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('required');
  });

  it('Button shows a busy state and cannot be pressed while loading, yet keeps the focus', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: FormEvent) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" loading onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    // focusable while busy: the keyboard user stays where they were when it ends
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('skeletons default to 3 cards and 5 rows by 4 columns (spec section 9)', () => {
    render(
      <>
        <SkeletonGrid />
        <TableSkeleton />
      </>,
    );
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);
    const rows = screen.getAllByTestId('skeleton-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]?.children).toHaveLength(4);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('ConfirmDialog stays open and busy until an async confirm settles, then closes', async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)));
    render(
      <ConfirmDialog
        trigger={<button type="button">Delete</button>}
        title="Are you sure?"
        description="This action will permanently delete the pet."
        confirmLabel="Yes, delete it!"
        cancelLabel="No, cancel!"
        danger
        onConfirm={onConfirm}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription('This action will permanently delete the pet.');
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Yes, delete it!' })).toHaveAttribute('aria-busy');
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('Modal has a title, a description and a "Dismiss" corner button', async () => {
    function Demo() {
      const [open, setOpen] = useState(true);
      return (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title="Donators"
          description="Who gave to this campaign"
          footer={<button onClick={() => setOpen(false)}>Close</button>}
        >
          <p>Ann: $5</p>
        </Modal>
      );
    }
    render(<Demo />);
    const dialog = screen.getByRole('dialog', { name: 'Donators' });
    expect(dialog).toHaveAccessibleDescription('Who gave to this campaign');
    // the footer's "Close" stays the only button with that exact name
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ProgressBar exposes its values', () => {
    render(<ProgressBar value={150} max={600} label="Raised for Max" valueText="$150 of $600" />);
    const bar = screen.getByRole('progressbar', { name: 'Raised for Max' });
    expect(bar).toHaveAttribute('aria-valuenow', '150');
    expect(bar).toHaveAttribute('aria-valuemax', '600');
    expect(bar).toHaveAttribute('aria-valuetext', '$150 of $600');
  });

  it('Pagination moves between pages and disables the ends', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={3} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('Pagination keeps the keyboard on the pager when a press reaches the first or last page', async () => {
    function Pager() {
      const [page, setPage] = useState(1);
      return <Pagination page={page} pageCount={2} onPageChange={setPage} />;
    }
    render(<Pager />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });
});
