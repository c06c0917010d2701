import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The button named `name`, once it is enabled: Adopt and Donate Now wait, disabled, until the
 * session is read (they cannot tell a visitor from a signed-in user before).
 */
export async function findEnabledButton(name: string | RegExp) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
  return screen.getByRole('button', { name });
}
