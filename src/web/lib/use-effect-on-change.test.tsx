// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { Activity, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useEffectOnChange } from './use-effect-on-change.ts';

function Probe({ value, onApply, onEffect }: { value: number; onApply: () => void; onEffect: () => void }) {
  useEffectOnChange(onApply, [value]);
  useEffect(onEffect, [onEffect, value]);
  return null;
}

describe('useEffectOnChange', () => {
  it('runs on mount and on a change, not when a hidden Activity is shown again', () => {
    const onApply = vi.fn();
    const onEffect = vi.fn();
    const tree = (mode: 'visible' | 'hidden', value: number) => (
      <Activity mode={mode}>
        <Probe value={value} onApply={onApply} onEffect={onEffect} />
      </Activity>
    );
    const { rerender } = render(tree('visible', 1));
    expect(onApply).toHaveBeenCalledTimes(1);

    rerender(tree('hidden', 1));
    rerender(tree('visible', 1));
    // a plain effect runs again when the page is shown: the reason for the hook
    expect(onEffect).toHaveBeenCalledTimes(2);
    expect(onApply).toHaveBeenCalledTimes(1);

    rerender(tree('visible', 2));
    expect(onApply).toHaveBeenCalledTimes(2);
    rerender(tree('visible', 2));
    expect(onApply).toHaveBeenCalledTimes(2);
  });
});
