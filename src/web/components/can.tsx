import { cloneElement, isValidElement, useCallback, type ReactElement, type ReactNode } from 'react';
import type { Permission } from '../../shared/perms.ts';
import { hasPermission } from '../../shared/perms/define.ts';
import { useAuthorities } from '../lib/session.ts';

export type PermissionCheck = (perm: Permission | readonly Permission[]) => boolean;

/**
 * `can(perm)` for the signed-in user: true when they hold the permission (or any one of a list),
 * the wildcard, or a covering `area:*` (a shop account: of the shop's only, see consoleAuthorities). No
 * user → false.
 */
export function usePermission(): PermissionCheck {
  const authorities = useAuthorities();
  return useCallback(
    (perm) => {
      if (!authorities) return false;
      const required = typeof perm === 'string' ? [perm] : perm;
      return required.some((p) => hasPermission(authorities, p));
    },
    [authorities],
  );
}

export interface CanProps {
  perm: Permission | readonly Permission[];
  /**
   * An element that takes `disabled` (Button, Switch, Select...), or a function of whether the
   * user may, for anything else (e.g. a Popconfirm around a button: disable the button inside).
   */
  children: ReactElement<{ disabled?: boolean }> | ((allowed: boolean) => ReactNode);
}

/** docs/product.md §5: a control lacking its permission stays visible but disabled (the wildcard enables all). */
export function Can({ perm, children }: CanProps) {
  const allowed = usePermission()(perm);
  if (typeof children === 'function') return <>{children(allowed)}</>;
  if (allowed || !isValidElement(children)) return children;
  return cloneElement(children, { disabled: true });
}
