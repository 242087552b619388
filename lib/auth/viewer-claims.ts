import type { Role } from './role';
import type { SessionClaims } from './schemas';

/** The signed-in person as pages, actions and the browser's session see them. */
export interface Viewer {
  userId: string;
  name: string;
  role: Role;
  extension: string | null;
}

export function viewerFromClaims(claims: SessionClaims): Viewer {
  return { userId: claims.userId, name: claims.name, role: claims.role, extension: claims.extension };
}

/** Supervisors may open everything an agent may; agents only their own. */
export function roleAllows(role: Role, required: Role): boolean {
  return role === 'supervisor' || required === 'agent';
}
