import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { setFeedback } from '../lib/feedback.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Hands antd's context-bound message/modal/notification to code outside React (request layer). */
function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => {
    setFeedback({ message, modal, notification });
    return () => setFeedback(null);
  }, [message, modal, notification]);
  return null;
}

/**
 * What screens with data need: antd's App context and the query cache. Loaded with the layout (and
 * the copyright screen), not on the login route.
 */
export function AppScope({ children }: { children: ReactNode }) {
  return (
    <AntApp>
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AntApp>
  );
}

export default AppScope;
