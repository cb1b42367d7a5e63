import type { Permission } from '../../../shared/perms.ts';
import { perm, type Access } from '../../http/access.ts';

/**
 * A staff route of the shop: it needs `permission`, and shop accounts (admType 4) may call it
 * (docs/accounts.md "Shop accounts"), as may every other staff account holding it.
 */
export const shopPerm = (permission: Permission): Access => perm(permission, { shop: 'shop' });
