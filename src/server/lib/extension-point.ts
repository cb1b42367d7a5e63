/**
 * Extension points (docs/architecture.md "Extension points"): a module that others plug into
 * declares a point; a module that plugs in names the point in its manifest (`plugs`), and
 * src/server/modules.ts installs every manifest's plugs once, in the order of the module list. So
 * the module that offers the point imports none of those that plug into it: the arrow points from
 * the plug-in to the point, never back.
 */

/** One value offered to one point, as a manifest lists it. */
export interface Plug {
  readonly point: string;
  install(): void;
}

export interface ExtensionPoint<T> {
  readonly name: string;
  /** What has been plugged in, in the order of the module list. */
  readonly items: readonly T[];
  /** The plug a manifest lists: installing it twice adds the value once. */
  plug(value: T): Plug;
}

export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  const items: T[] = [];
  return {
    name,
    items,
    plug: (value) => ({
      point: name,
      install: () => {
        if (!items.includes(value)) items.push(value);
      },
    }),
  };
}

/** The single value plugged into `point`: an error naming the point when there is none. */
export function pluggedOne<T>(point: ExtensionPoint<T>, pick: (item: T) => boolean): T {
  const found = point.items.find(pick);
  if (!found)
    throw new Error(`nothing plugged into ${point.name} for this case (is src/server/modules.ts loaded?)`);
  return found;
}
