// docs/product.md §3: the local storage keys of the console, in one place.
const PREFIX = 'backstage_scenic_';

export const StorageKey = {
  accessToken: `${PREFIX}access_token`,
  refreshToken: `${PREFIX}refresh_token`,
  expiresIn: `${PREFIX}expires_in`,
  createTime: `${PREFIX}create_time`,
  roles: `${PREFIX}roles`,
  tokenType: `${PREFIX}token_type`,
  /** The stored branding list (docs/product.md §8: removed when its fetch fails). */
  copyRight: `${PREFIX}copy_right`,
  publicKey: 'backstage_PublicKey',
  admType: 'backstage_admType',
  avatar: 'backstage_avatar',
  /** The signed-in user's info (getUserinfo data). */
  dataInfo: 'backstage_dataInfo',
  /** The basic credential of the console client (getClient msg). */
  msg: 'backstage_msg',
  size: 'backstage_size',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  theme: 'backstage_theme',
  /** The scenic area a platform account chose to act in (sent as X-Scenic-Id). */
  actingScenicId: 'backstage_scenicId',
  /** The separate copyright-management session (docs/product.md §6). */
  copyrightToken: 'backstage_copToken',
} as const;

export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string | number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // storage full or disabled: the setting lasts for this page only
  }
}

export function remove(...keys: string[]): void {
  for (const key of keys) {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  }
}

export function readJson<T>(key: string): T | null {
  const text = read(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
