import { beforeAll, describe, expect, it } from 'vitest';
import { createDirectory, type Directory } from './directory';
import type { Seed } from './schemas';

const seed: Seed = {
  companies: [
    {
      id: 'c1',
      name: 'One',
      domain: 'one.test',
      timeZone: 'UTC',
      apps: [{ name: 'App', clientId: 'app-1', clientSecret: 'secret-of-app-one', redirectUri: 'https://one.test/cb' }],
      queues: [],
      users: [{ id: 'u1', username: 'Ann', password: 'ann-password', name: 'Ann A', extension: '101', role: 'Call Center User' }],
    },
    {
      id: 'c2',
      name: 'Two',
      domain: 'two.test',
      timeZone: 'UTC',
      apps: [{ name: 'App', clientId: 'app-2', clientSecret: 'secret-of-app-two', redirectUri: 'https://two.test/cb' }],
      queues: [],
      users: [{ id: 'u1', username: 'ann', password: 'other-password', name: 'Ann B', extension: '201', role: 'Basic User' }],
    },
  ],
};

describe('createDirectory', () => {
  let directory: Directory;
  beforeAll(async () => {
    directory = await createDirectory(seed);
  });

  it('signs a user in within their company, whatever the case of the username', async () => {
    expect(await directory.signIn('c1', ' ANN ', 'ann-password')).toEqual({
      id: 'u1',
      username: 'Ann',
      name: 'Ann A',
      extension: '101',
      role: 'Call Center User',
      companyId: 'c1',
      domain: 'one.test',
    });
  });

  it.each([
    ['the password is wrong', 'c1', 'ann', 'nope'],
    ['the password belongs to the same username in another company', 'c1', 'ann', 'other-password'],
    ['the username is unknown', 'c1', 'bob', 'ann-password'],
  ])('refuses the sign-in when %s', async (_case, companyId, username, password) => {
    expect(await directory.signIn(companyId, username, password)).toBeUndefined();
  });

  it('authenticates a client only with its own secret', () => {
    expect(directory.authenticateClient('app-1', 'secret-of-app-one')?.companyId).toBe('c1');
    expect(directory.authenticateClient('app-1', 'secret-of-app-two')).toBeUndefined();
    expect(directory.authenticateClient('nobody', 'secret-of-app-one')).toBeUndefined();
  });

  it('finds users by id within a company', () => {
    expect(directory.findUser('c2', 'u1')?.name).toBe('Ann B');
    expect(directory.findUser('c3', 'u1')).toBeUndefined();
  });

  it('refuses a seed that registers a client id twice', async () => {
    const [first] = seed.companies;
    const twice: Seed = { companies: [first!, { ...first!, id: 'c3' }] };
    await expect(createDirectory(twice)).rejects.toThrow('Seed: client id app-1 is registered twice');
  });
});
