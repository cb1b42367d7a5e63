import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from '../db/client.ts';
import type { Plug } from './extension-point.ts';

/** A background job: starts its periodic runner and returns how to stop it (waiting for a pass). */
export type StartJob = (app: FastifyInstance) => () => Promise<void>;

/**
 * A server module's manifest (`src/server/modules/<module>/<module>.module.ts`): what the
 * application takes from it. The module's tables are found by their file name (`*.table.ts`,
 * drizzle.config.ts), its messages by theirs (`<module>.messages.ts`, collected in
 * http/messages.ts), its permissions in `src/shared/perms/<module>.ts`.
 */
export interface ServerModule {
  /** The module's name: its folder here, in src/web/modules and in src/shared. */
  name: string;
  /** Fastify plugins registering its routes. */
  routes: readonly ((app: FastifyInstance) => Promise<void>)[];
  /** Jobs the application starts when configured to (JOBS), each safe with several instances. */
  jobs?: readonly StartJob[];
  /** Demo data of a new demo database, in the first scenic area; runs in the order of src/server/modules.ts. */
  seedDemo?: (tx: Db, scenicId: number) => Promise<void>;
  /**
   * What the module plugs into the extension points of others (lib/extension-point.ts), e.g. a
   * stock holder, a pricing step or a pay way into orders, a device profile into terminals: installed once by src/server/modules.ts.
   */
  plugs?: readonly Plug[];
  /** Takes what it needs of the configuration when the server starts, before the seed (a key). */
  configure?: (config: Config) => void;
  /** Runs once when the server starts, after the seed and before it listens (the demo's pay sandbox connection). */
  start?: (db: Db, config: Config) => Promise<void>;
  /**
   * The demo's history (a year of orders and what follows from them), after the first seed: by
   * `npm start` with DEMO_ORDERS and by `npm run seed`; in the order of src/server/modules.ts.
   */
  seedDemoHistory?: (db: Db, options: DemoHistoryOptions) => Promise<void>;
}

export interface DemoHistoryOptions {
  scenicId: number;
  /** How many orders the history has. */
  orders: number;
  /** Its last day (default: now). */
  now?: Date | undefined;
  /** The random seed (the same seed gives the same history). */
  seed?: number | undefined;
  /** Called after each batch of orders written. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Installs the plugs of every module, in the order of the list (a second call adds nothing). */
export function installPlugs(modules: readonly ServerModule[]): void {
  for (const module of modules) for (const plug of module.plugs ?? []) plug.install();
}

export function defineServerModule(module: ServerModule): ServerModule {
  return module;
}
