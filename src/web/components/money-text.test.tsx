// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyText } from './money-text.tsx';

describe('MoneyText', () => {
  it('shows cents as yuan with two decimals', () => {
    render(
      <>
        <MoneyText cents={1999} />
        <MoneyText cents={-5} />
        <MoneyText cents={0} />
      </>,
    );
    expect(screen.getByText('19.99')).toBeInTheDocument();
    expect(screen.getByText('-0.05')).toBeInTheDocument();
    expect(screen.getByText('0.00')).toBeInTheDocument();
  });

  it('shows the fallback when there is no amount', () => {
    const { container } = render(<MoneyText cents={null} />);
    expect(container).toBeEmptyDOMElement();
    render(<MoneyText cents={undefined} fallback="n/a" />);
    expect(screen.getByText('n/a')).toBeInTheDocument();
  });
});
