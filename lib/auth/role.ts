import type { z } from 'zod';
import type { RoleSchema } from './schemas';

export type Role = z.infer<typeof RoleSchema>;

/**
 * The telephony service puts the user's role in the token response's `scope`.
 * Office managers run the floor like supervisors; basic users see what agents see.
 */
const ROLE_BY_SCOPE = new Map<string, Role>([
  ['Call Center Supervisor', 'supervisor'],
  ['Office Manager', 'supervisor'],
  ['Call Center User', 'agent'],
  ['Basic User', 'agent'],
]);

/** The wallboard role for a token's scope; null for a scope the wallboard does not admit. */
export function roleFromScope(scope: string): Role | null {
  return ROLE_BY_SCOPE.get(scope.trim()) ?? null;
}
