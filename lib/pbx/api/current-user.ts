/** GET /api/users/current/: the real service's extension of the spec, for user tokens only. */
import type { Directory } from '../directory';
import type { Principal } from '../principal';
import { ApiError } from './errors';

export interface CurrentUserBody {
  id: string;
  username: string;
  extension: string;
  domain: string;
  display_name: string;
  role: string;
  company_id: string;
}

export function describeCurrentUser(directory: Directory, principal: Principal): CurrentUserBody {
  const user = principal.userId === null ? undefined : directory.findUser(principal.companyId, principal.userId);
  if (!user) throw new ApiError('forbidden', 'A user access token is required: a company-wide token has no current user.');
  return {
    id: user.id,
    username: user.username,
    extension: user.extension,
    domain: user.domain,
    display_name: user.name,
    role: user.role,
    company_id: user.companyId,
  };
}
