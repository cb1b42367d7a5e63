// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../lib/settings.ts';
import { DurationText } from './duration-text.tsx';

afterEach(() => act(() => updateSettings({ lang: 'zh' })));

describe('DurationText', () => {
  it('shows hours and minutes over 60 minutes, in the current language', () => {
    render(<DurationText minutes={65} />);
    expect(screen.getByText('1小时5分钟')).toBeInTheDocument();
    act(() => updateSettings({ lang: 'en' }));
    expect(screen.getByText('1 h 5 min')).toBeInTheDocument();
  });

  it('shows minutes up to 60 and the fallback for no value', () => {
    render(<DurationText minutes={60} />);
    expect(screen.getByText('60分钟')).toBeInTheDocument();
    const { container } = render(<DurationText minutes={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
