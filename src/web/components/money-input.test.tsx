// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput } from './money-input.tsx';

describe('MoneyInput', () => {
  it('shows cents as yuan', () => {
    render(<MoneyInput value={1999} />);
    expect(screen.getByRole('spinbutton')).toHaveValue('19.99');
  });

  it('hands typed yuan back as exact cents', () => {
    const onChange = vi.fn();
    render(<MoneyInput value={null} onChange={onChange} />);
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '0.29' } });
    expect(onChange).toHaveBeenLastCalledWith(29);
  });

  it('hands an emptied field back as null', () => {
    const onChange = vi.fn();
    render(<MoneyInput value={500} onChange={onChange} />);
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
