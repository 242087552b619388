/**
 * The service's directory: companies, their registered apps and their users,
 * built once from a seed. Plaintext passwords and client secrets stop here:
 * passwords become scrypt hashes and secrets SHA-256 digests compared in
 * constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword, type PasswordHash } from './password-hash';
import type { Role, Seed, SeedCompany } from './schemas';

/** An app registered in the developer portal (spec 1), with the company it belongs to. */
export interface RegisteredClient {
  clientId: string;
  name: string;
  redirectUri: string;
  companyId: string;
  companyName: string;
}

export interface DirectoryUser {
  id: string;
  username: string;
  name: string;
  extension: string;
  role: Role;
  companyId: string;
  /** The company's SIP domain. */
  domain: string;
}

export interface Directory {
  findClient(clientId: string): RegisteredClient | undefined;
  /** The client when the secret matches; the comparison takes the same time whether or not the client exists. */
  authenticateClient(clientId: string, clientSecret: string): RegisteredClient | undefined;
  /** The user when the username (case-insensitive) and password match within the company. */
  signIn(companyId: string, username: string, password: string): Promise<DirectoryUser | undefined>;
  findUser(companyId: string, userId: string): DirectoryUser | undefined;
}

export async function createDirectory(seed: Seed): Promise<Directory> {
  const clients = new Map<string, { client: RegisteredClient; secretDigest: Buffer }>();
  const usersById = new Map<string, DirectoryUser>();
  const usersByName = new Map<string, { user: DirectoryUser; hash: PasswordHash }>();

  for (const company of seed.companies) {
    for (const app of company.apps) {
      if (clients.has(app.clientId)) throw new Error(`Seed: client id ${app.clientId} is registered twice`);
      clients.set(app.clientId, { client: toClient(company, app), secretDigest: digest(app.clientSecret) });
    }
  }

  const hashed = await Promise.all(
    seed.companies.flatMap((company) =>
      company.users.map(async (seedUser) => ({ company, seedUser, hash: await hashPassword(seedUser.password) })),
    ),
  );
  for (const { company, seedUser, hash } of hashed) {
    const user: DirectoryUser = {
      id: seedUser.id,
      username: seedUser.username,
      name: seedUser.name,
      extension: seedUser.extension,
      role: seedUser.role,
      companyId: company.id,
      domain: company.domain,
    };
    const nameKey = userKey(company.id, seedUser.username.toLowerCase());
    if (usersByName.has(nameKey)) throw new Error(`Seed: username ${seedUser.username} appears twice in company ${company.id}`);
    if (usersById.has(userKey(company.id, user.id))) throw new Error(`Seed: user id ${user.id} appears twice in company ${company.id}`);
    usersByName.set(nameKey, { user, hash });
    usersById.set(userKey(company.id, user.id), user);
  }

  // Verified against when the username is unknown, so a miss costs what a hit costs.
  const decoyHash = await hashPassword(randomBytes(16).toString('hex'));
  const decoyDigest = digest(randomBytes(16).toString('hex'));

  return {
    findClient: (clientId) => clients.get(clientId)?.client,
    authenticateClient(clientId, clientSecret) {
      const entry = clients.get(clientId);
      const matches = timingSafeEqual(digest(clientSecret), entry?.secretDigest ?? decoyDigest);
      return entry && matches ? entry.client : undefined;
    },
    async signIn(companyId, username, password) {
      const entry = usersByName.get(userKey(companyId, username.trim().toLowerCase()));
      const matches = await verifyPassword(password, entry?.hash ?? decoyHash);
      return entry && matches ? entry.user : undefined;
    },
    findUser: (companyId, userId) => usersById.get(userKey(companyId, userId)),
  };
}

function toClient(company: SeedCompany, app: SeedCompany['apps'][number]): RegisteredClient {
  return {
    clientId: app.clientId,
    name: app.name,
    redirectUri: app.redirectUri,
    companyId: company.id,
    companyName: company.name,
  };
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

function userKey(companyId: string, id: string): string {
  return `${companyId}\n${id}`;
}
