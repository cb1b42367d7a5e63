import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's message, modal and notification for code outside React (request layer, stores) and for
 * light pages. Inside the layout they are the context-bound instances of <AppScope/>; elsewhere
 * (login) antd's static functions, loaded only when first needed so the login route stays small.
 */
export interface Feedback {
  message: MessageInstance;
  modal: Omit<ModalStaticFunctions, 'warn'>;
  notification: NotificationInstance;
}

let current: Feedback | null = null;

export function setFeedback(feedback: Feedback | null): void {
  current = feedback;
}

export function feedback(): Promise<Feedback> {
  if (current) return Promise.resolve(current);
  return import('./feedback-static.ts').then((m) => m.staticFeedback);
}

type Content = Parameters<MessageInstance['success']>[0];

/** Short messages without waiting: `toast.success(text)`. */
export const toast = {
  success: (content: Content, duration?: number) =>
    void feedback().then((f) => f.message.success(content, duration)),
  error: (content: Content, duration?: number) =>
    void feedback().then((f) => f.message.error(content, duration)),
  warning: (content: Content, duration?: number) =>
    void feedback().then((f) => f.message.warning(content, duration)),
};
