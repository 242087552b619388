import { describe, expect, it } from 'vitest';
import { apiMediaType, negotiateApiVersion } from './accept-version';

describe('negotiateApiVersion', () => {
  it.each([
    [undefined, '1.10.0'],
    ['', '1.10.0'],
    ['application/json', '1.10.0'],
    ['*/*', '1.10.0'],
    ['text/html', '1.10.0'],
    ['application/vnd.service.v1.4.0+json', '1.4.0'],
    ['Application/VND.Service.v1.2.0+JSON', '1.2.0'],
    ['application/vnd.service.v1.0.0+json; charset=utf-8', '1.0.0'],
    ['application/json, application/vnd.service.v1.9.0+json;q=0.5', '1.9.0'],
  ])('selects the version for Accept %s', (accept, version) => {
    expect(negotiateApiVersion(accept)).toBe(version);
  });

  it.each([['application/vnd.service.v1.11.0+json'], ['application/vnd.service.v1.4+json'], ['application/vnd.service.v+json']])(
    'refuses %s',
    (accept) => {
      expect(negotiateApiVersion(accept)).toBeNull();
    },
  );
});

describe('apiMediaType', () => {
  it('names the vendor media type of a version', () => {
    expect(apiMediaType('1.4.0')).toBe('application/vnd.service.v1.4.0+json');
  });
});
