// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineDict } from '../../shared/dict/dict.ts';
import '../lib/i18n.ts';
import { updateSettings } from '../lib/settings.ts';
import { DictTag } from './dict-tag.tsx';

const Status = defineDict({
  1: { zh: '正常', en: 'Normal', color: 'success' },
  2: { zh: '冻结', en: 'Frozen', color: 'error' },
  b: { zh: '纸质发票', en: 'Paper' },
});

afterEach(() => act(() => updateSettings({ lang: 'zh' })));

describe('DictTag', () => {
  it('shows the label in the current language with the entry colour', () => {
    render(<DictTag dict={Status} value={2} />);
    const tag = screen.getByText('冻结');
    expect(tag).toHaveClass('ant-tag-error');
    act(() => updateSettings({ lang: 'en' }));
    expect(screen.getByText('Frozen')).toBeInTheDocument();
    expect(screen.queryByText('冻结')).not.toBeInTheDocument();
  });

  it('takes string codes and a code given as a string', () => {
    render(
      <>
        <DictTag dict={Status} value="b" />
        <DictTag dict={Status} value="1" />
      </>,
    );
    expect(screen.getByText('纸质发票')).toBeInTheDocument();
    expect(screen.getByText('正常')).toHaveClass('ant-tag-success');
  });

  it('shows an unknown code as itself and nothing (or the fallback) for no value', () => {
    const { container } = render(<DictTag dict={Status} value={9} />);
    expect(screen.getByText('9')).toBeInTheDocument();
    const empty = render(<DictTag dict={Status} value={null} />);
    expect(empty.container).toBeEmptyDOMElement();
    render(<DictTag dict={Status} value={undefined} fallback="none" />);
    expect(screen.getByText('none')).toBeInTheDocument();
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(1);
  });
});
