import { count, eq } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { ProductHolder } from '../products/index.ts';
import { theatreShows } from './theatres.table.ts';

/** The shows of a product (products' productHolders). */
export const showsOfProduct: ProductHolder = {
  // a product with shows keeps its product type
  holds: async (db, productId) => {
    const [show] = await db
      .select({ id: theatreShows.id })
      .from(theatreShows)
      .where(eq(theatreShows.productId, productId))
      .limit(1);
    return Boolean(show);
  },
  // nor is it deleted: 409 with the number of shows
  deleteProblem: async (db, product) => {
    const [shows] = await db
      .select({ n: count() })
      .from(theatreShows)
      .where(eq(theatreShows.productId, product.id));
    return shows?.n
      ? new AppError(409, 'productHasShows', { params: { name: product.name, count: shows.n } })
      : null;
  },
};
