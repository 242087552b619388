import { z } from 'zod';

/** The four roles the real service names in a token's scope. */
export const Role = z.enum(['Call Center Supervisor', 'Call Center User', 'Office Manager', 'Basic User']);
export type Role = z.infer<typeof Role>;

const App = z.object({
  name: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(16),
  /** The one redirect URL registered with the app (spec 1); matched exactly. */
  redirectUri: z.url(),
});

const Queue = z.object({
  /** The identifier the stats endpoint reports as `queue`, and the `user` of a waiting caller's leg. */
  id: z.string().min(1),
  members: z.array(z.string().min(1)),
});

const User = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  password: z.string().min(4),
  name: z.string().min(1),
  extension: z.string().min(1),
  role: Role,
});

const Company = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** SIP domain reported in call endpoints. */
  domain: z.string().min(1),
  timeZone: z.string().min(1),
  apps: z.array(App).min(1),
  queues: z.array(Queue),
  users: z.array(User).min(1),
});

export const Seed = z.object({ companies: z.array(Company).min(1) });
export type Seed = z.infer<typeof Seed>;
export type SeedCompany = z.infer<typeof Company>;
