import { useEffect, useRef } from 'react';

/**
 * Like `useEffect(apply, deps)`, but `apply` runs only after a render in which one of `deps` changed
 * (`Object.is`), not again when React re-creates the effects of a page shown again. Every tab is kept
 * alive in an `<Activity>` (layout/page-host.tsx), which re-runs a hidden page's effects when its tab
 * comes back; a form filled by an effect would otherwise lose what the user typed before leaving.
 */
export function useEffectOnChange(apply: () => void, deps: readonly unknown[]): void {
  const last = useRef<readonly unknown[] | null>(null);
  useEffect(() => {
    const previous = last.current;
    if (previous && previous.length === deps.length && previous.every((d, i) => Object.is(d, deps[i])))
      return;
    last.current = deps;
    apply();
  });
}
