import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@pet-haven/shared/errors';
import { ApiError, apiPath, errorMessage, nextLink, toApiError } from './api-client';

describe('errorMessage', () => {
  const fallback = 'Failed to add pet.';
  const offline = 'Failed to add pet. Please try again.';

  it("gives the server's reason for a refusal (a 4xx other than 401)", () => {
    for (const status of [400, 403, 404, 409, 422]) {
      const err = new ApiError(status, 'VALIDATION_FAILED', 'Invalid json.petName: Required');
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

describe('toApiError (an error answer read with the error catalogue)', () => {
  it('keeps a catalogue code, its message and the issues', () => {
    const issues = [{ path: 'json.donationAmount', message: 'Too much' }];
    const err = toApiError(400, { code: 'VALIDATION_FAILED', message: 'Too much', issues });
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Too much',
      issues,
    });
  });

  it("gives the catalogue's text to a code answered without a message", () => {
    expect(toApiError(402, { code: 'card_declined' })).toMatchObject({
      code: 'card_declined',
      message: errorCatalogue.card_declined.message,
    });
  });

  it('answers HTTP_ERROR for a code outside the catalogue or a body that is not ours', () => {
    expect(toApiError(409, { code: 'MADE_UP', message: 'Hm' })).toMatchObject({
      code: 'HTTP_ERROR',
      message: 'Hm',
    });
    expect(toApiError(502, null)).toMatchObject({
      code: 'HTTP_ERROR',
      message: 'Request failed (502).',
    });
  });
});

describe('nextLink (the Link header of a paged answer)', () => {
  it('gives the rel="next" target as a same-origin /api path with its query', () => {
    expect(nextLink('</api/pets?category=dog&page=3&limit=24>; rel="next"')).toBe(
      '/api/pets?category=dog&page=3&limit=24',
    );
    expect(
      nextLink(
        `<${window.location.origin}/api/pets?page=1>; rel="first", </api/pets?page=2>; rel=next`,
      ),
    ).toBe('/api/pets?page=2');
  });

  it('gives null on the last page and for a link elsewhere', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('</api/pets?page=1>; rel="prev"')).toBeNull();
    expect(nextLink('<https://evil.example/api/pets?page=2>; rel="next"')).toBeNull();
    expect(nextLink('</login?page=2>; rel="next"')).toBeNull();
  });
});

describe('apiPath', () => {
  it('puts a resource path under /api and takes a link of the API as it is', () => {
    expect(apiPath('/pets', { page: 1, search: '', category: undefined })).toBe('/api/pets?page=1');
    expect(apiPath('/api/pets?cursor=abc&limit=24')).toBe('/api/pets?cursor=abc&limit=24');
  });
});
