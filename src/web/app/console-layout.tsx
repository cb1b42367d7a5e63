import { ConsoleShapeProvider } from '../lib/console-shape.ts';
import Layout from '../layout/layout.tsx';
import { CONSOLE_SHAPE } from './route-table.tsx';

/**
 * The layout with what the modules give it (routes, menu, top-bar badges), collected from their
 * manifests here and passed down, so the layout and the screens it hosts name no module.
 */
export default function ConsoleLayout() {
  return (
    <ConsoleShapeProvider value={CONSOLE_SHAPE}>
      <Layout />
    </ConsoleShapeProvider>
  );
}
