import { useMemo } from 'react';
import type { TokenResponse, Userinfo } from '../../shared/api/auth.ts';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import { WILDCARD } from '../../shared/perms/define.ts';
import { StorageKey, read, remove, write } from './storage.ts';
import { createStore, useStore } from './store.ts';

/** The signed-in user (docs/product.md §3 logged-in user), or null before user info is loaded. */
// docs/product.md §4: fetched again on every page load, so permission changes apply at once.
export const userStore = createStore<Userinfo | null>(null);

export function useUser(): Userinfo | null {
  return useStore(userStore);
}

/**
 * The permissions the console acts on (menus, buttons, badges). A shop account (type 4) reaches the
 * shop and its own account only, whatever its roles hold (docs/accounts.md "Shop accounts"): of its
 * grants only the shop's count, and the wildcard counts as `shop:*`.
 */
export function consoleAuthorities(user: Pick<Userinfo, 'admType' | 'authorities'>): string[] {
  if (user.admType !== ADM_TYPE.shop) return user.authorities;
  return user.authorities.flatMap((p) => (p === WILDCARD ? ['shop:*'] : p.startsWith('shop:') ? [p] : []));
}

/** The signed-in user's console permissions (see consoleAuthorities), or null before user info is loaded. */
export function useAuthorities(): string[] | null {
  const user = useUser();
  return useMemo(() => (user ? consoleAuthorities(user) : null), [user]);
}

export function accessToken(): string | null {
  return read(StorageKey.accessToken);
}

export function authorizationHeader(): string | null {
  const token = accessToken();
  if (!token) return null;
  return `${read(StorageKey.tokenType) ?? 'bearer'} ${token}`;
}

/** Milliseconds until the access token expires (negative once it has). */
export function msUntilExpiry(now = Date.now()): number {
  const created = Date.parse(read(StorageKey.createTime) ?? '');
  const seconds = Number(read(StorageKey.expiresIn));
  if (Number.isNaN(created) || !seconds) return -1;
  return created + seconds * 1000 - now;
}

export function saveTokens(token: TokenResponse): void {
  write(StorageKey.accessToken, token.access_token);
  write(StorageKey.refreshToken, token.refresh_token);
  write(StorageKey.expiresIn, token.expires_in);
  write(StorageKey.createTime, token.createTime);
  write(StorageKey.roles, JSON.stringify(token.roles));
  write(StorageKey.tokenType, token.token_type);
  write(StorageKey.avatar, token.avatar);
}

export function saveUser(user: Userinfo): void {
  write(StorageKey.dataInfo, JSON.stringify(user));
  write(StorageKey.admType, user.admType);
  write(StorageKey.avatar, user.avatar);
  userStore.set(user);
}

/** Forgets the session (tokens and user), keeping settings such as size and language. */
export function clearSession(): void {
  remove(
    StorageKey.accessToken,
    StorageKey.refreshToken,
    StorageKey.expiresIn,
    StorageKey.createTime,
    StorageKey.roles,
    StorageKey.tokenType,
    StorageKey.dataInfo,
    StorageKey.admType,
    StorageKey.avatar,
    StorageKey.actingScenicId,
  );
  userStore.set(null);
}

/** The scenic area a platform account acts in, when it chose one other than its own (docs/accounts.md). */
export function actingScenicId(): string | null {
  return read(StorageKey.actingScenicId);
}

export function chooseScenicArea(id: number): void {
  write(StorageKey.actingScenicId, id);
}
