import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-client';

describe('errorMessage', () => {
  const fallback = 'Failed to add pet.';
  const offline = 'Failed to add pet. Please try again.';

  it("gives the server's reason for a refusal (a 4xx other than 401)", () => {
    for (const status of [400, 403, 404, 409, 422]) {
      const err = new ApiError(status, 'X', 'Invalid json.petName: Required');
      expect(errorMessage(err, fallback, offline)).toBe('Invalid json.petName: Required');
    }
  });

  it('gives the offline text when the network failed', () => {
    expect(
      errorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), fallback, offline),
    ).toBe(offline);
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), fallback)).toBe(
      fallback,
    );
  });

  it('gives the fallback for a signed-out 401, a server fault and anything else', () => {
    expect(errorMessage(new ApiError(401, 'UNAUTHORIZED', 'Sign in'), fallback, offline)).toBe(
      fallback,
    );
    expect(errorMessage(new ApiError(500, 'INTERNAL_ERROR', 'Boom'), fallback, offline)).toBe(
      fallback,
    );
    expect(errorMessage(new Error('x'), fallback, offline)).toBe(fallback);
  });
});
