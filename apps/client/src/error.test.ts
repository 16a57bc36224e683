import { describe, expect, it } from 'vitest';
import { KanisaError } from './error';

describe('KanisaError.fromResponseBody', () => {
  it.each([
    [
      'PostgREST envelope',
      { code: '23505', message: 'duplicate key value', details: 'Key (email)=(a@b.c) already exists.', hint: null },
      { code: '23505', message: 'duplicate key value', details: 'Key (email)=(a@b.c) already exists.', hint: null },
    ],
    [
      'auth envelope (API version header)',
      { code: 'invalid_credentials', message: 'Invalid login credentials' },
      { code: 'invalid_credentials', message: 'Invalid login credentials', details: null, hint: null },
    ],
    [
      'legacy auth envelope',
      { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
      { code: 'invalid_credentials', message: 'Invalid login credentials', details: null, hint: null },
    ],
    [
      'OAuth-style envelope',
      { error: 'invalid_grant', error_description: 'Invalid Refresh Token' },
      { code: 'invalid_grant', message: 'Invalid Refresh Token', details: null, hint: null },
    ],
    [
      'storage envelope',
      { statusCode: '409', code: 'KeyAlreadyExists', error: 'Duplicate', message: 'The resource already exists' },
      { code: 'KeyAlreadyExists', message: 'The resource already exists', details: null, hint: null },
    ],
    [
      'numeric code only',
      { code: 429, msg: 'Too many requests' },
      { code: '429', message: 'Too many requests', details: null, hint: null },
    ],
    [
      'structured details',
      { code: 'PGRST201', message: 'Could not embed', details: [{ relationship: 'a' }], hint: 'Try' },
      { code: 'PGRST201', message: 'Could not embed', details: '[{"relationship":"a"}]', hint: 'Try' },
    ],
  ])('reads the %s', (_name, body, expected) => {
    const error = KanisaError.fromResponseBody(400, body);
    expect({ code: error.code, message: error.message, details: error.details, hint: error.hint }).toEqual(expected);
    expect(error.status).toBe(400);
    expect(error.name).toBe('KanisaError');
  });

  it.each([null, 'Internal Server Error', [], {}])('falls back to the status for %j', (body) => {
    const error = KanisaError.fromResponseBody(500, body);
    expect(error.code).toBe('http_500');
    expect(error.message).toBe('The server could not complete the request (HTTP 500).');
  });

  it('ignores blank strings', () => {
    const error = KanisaError.fromResponseBody(404, { code: ' ', message: '' });
    expect(error.code).toBe('http_404');
    expect(error.message).toBe('The server could not complete the request (HTTP 404).');
  });
});
