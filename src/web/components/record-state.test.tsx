// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../lib/request.ts';
import { RecordState } from './record-state.tsx';

const query = <T,>(over: { data?: T; error?: Error | null }) => ({
  data: over.data,
  error: over.error ?? null,
  refetch: vi.fn(),
});

describe('RecordState', () => {
  it('says not found without an id, and for a 404', () => {
    const { rerender } = render(
      <RecordState id={null} query={query({})} notFound="没有这条记录">
        {() => 'x'}
      </RecordState>,
    );
    expect(screen.getByText('没有这条记录')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    const notFound = Object.assign(Object.create(RequestError.prototype) as RequestError, {
      status: 404,
      message: '记录不存在',
    });
    rerender(
      <RecordState id={7} query={query({ error: notFound })} notFound="没有这条记录">
        {() => 'x'}
      </RecordState>,
    );
    expect(screen.getByText('没有这条记录')).toBeInTheDocument();
  });

  it('shows a failed load with a retry that asks again', () => {
    const failed = query<string>({ error: new Error('连接错误') });
    render(
      <RecordState id={7} query={failed} notFound="没有这条记录">
        {() => 'x'}
      </RecordState>,
    );
    expect(screen.getByText('连接错误')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('renders the record once it is there', () => {
    render(
      <RecordState id={7} query={query({ data: { name: '成人票' } })} notFound="没有这条记录">
        {(p) => <span>{p.name}</span>}
      </RecordState>,
    );
    expect(screen.getByText('成人票')).toBeInTheDocument();
  });
});
