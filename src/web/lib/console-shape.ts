import { createContext, useContext } from 'react';
import type { AppRoute } from './routes.ts';
import type { NavbarBadge } from './web-module.ts';

/**
 * What the modules give the layout, collected from their manifests (src/web/app/route-table.tsx)
 * and passed down from src/web/app/console-layout.tsx: the layout and its screens name no module.
 */
export interface ConsoleShape {
  /** The route table (docs/product.md §2), grouped by the menu groups. */
  routes: readonly AppRoute[];
  /** The top bar's badges. */
  badges: readonly NavbarBadge[];
}

const ConsoleShapeContext = createContext<ConsoleShape>({ routes: [], badges: [] });

export const ConsoleShapeProvider = ConsoleShapeContext.Provider;

/** The route table and badges of the console the layout runs in. */
export function useConsoleShape(): ConsoleShape {
  return useContext(ConsoleShapeContext);
}
