import type { Db } from '../../db/client.ts';
import type { AppError } from '../../http/errors.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import type { productSessions, ticketProducts } from './products.table.ts';

/**
 * What other modules hold of a product, asked before the product changes under them. Products
 * imports none of those modules: inventory (price calendar) and theatres (shows) plug in through
 * their manifests.
 */
export interface ProductHolder {
  /** Whether the module holds rows of the product (calendar days, shows): its product type is then fixed. */
  holds(db: Db, productId: number): Promise<boolean>;
  /** Why the product may not be deleted (a 409 saying which), or null. */
  deleteProblem(db: Db, product: typeof ticketProducts.$inferSelect): Promise<AppError | null>;
}

export const productHolders = extensionPoint<ProductHolder>('products.holders');

/** Refuses (throws, e.g. 409 sessionSold) the removal of sessions a module still needs. */
export type SessionRemovalGuard = (
  db: Db,
  removed: readonly (typeof productSessions.$inferSelect)[],
) => Promise<void>;

export const sessionRemovalGuards = extensionPoint<SessionRemovalGuard>('products.sessionRemovalGuards');

/** Whether any plugged module holds rows of the product. */
export async function productHeld(db: Db, productId: number): Promise<boolean> {
  for (const holder of productHolders.items) if (await holder.holds(db, productId)) return true;
  return false;
}

/** The first plugged module's reason not to delete the product, or null. */
export async function productDeleteProblem(
  db: Db,
  product: typeof ticketProducts.$inferSelect,
): Promise<AppError | null> {
  for (const holder of productHolders.items) {
    const problem = await holder.deleteProblem(db, product);
    if (problem) return problem;
  }
  return null;
}
