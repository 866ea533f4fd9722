import { userListSchema, type User } from '@portal/contract/users';
import { request } from '../../../lib/api';

/** Staff-only user search (spec §7: GET /api/users/?search=). */
export const searchUsers = async (text: string): Promise<User[]> =>
  (await request('/api/users/', { query: { search: text }, schema: userListSchema })).results;
