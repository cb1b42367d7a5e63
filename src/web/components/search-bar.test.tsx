// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { EnableStatus } from '../../shared/dict/account.ts';
import { DictSelect } from './dict-select.tsx';
import { SearchBar } from './search-bar.tsx';

interface Filters {
  name?: string;
  status?: number;
}

describe('SearchBar', () => {
  it('searches with the values on the Search button', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(
      <SearchBar<Filters> onSearch={onSearch}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
      </SearchBar>,
    );
    await user.type(screen.getByLabelText('Name'), 'lake');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith({ name: 'lake' });
  });

  it('searches on Enter in a field', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(
      <SearchBar<Filters> onSearch={onSearch} fields={[{ name: 'name', label: 'Name', node: <Input /> }]} />,
    );
    await user.type(screen.getByLabelText('Name'), 'gate{Enter}');
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith({ name: 'gate' }));
  });

  it('resets to the initial values and searches', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(
      <SearchBar<Filters>
        onSearch={onSearch}
        initialValues={{ status: 1 }}
        fields={[
          { name: 'name', label: 'Name', node: <Input /> },
          { name: 'status', label: 'Status', node: <DictSelect dict={EnableStatus} /> },
        ]}
      />,
    );
    expect(screen.getByText('启用')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'old');
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ name: undefined, status: 1 });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('shows extra buttons', () => {
    render(<SearchBar onSearch={() => {}} extra={<button type="button">Add</button>} />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
