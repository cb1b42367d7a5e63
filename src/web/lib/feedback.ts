import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's message, modal and notification bound to the app's theme and locale (App.useApp); the
 * request layer and stores use them from outside React. Set once by <FeedbackBridge/>.
 */
export interface Feedback {
  message: MessageInstance;
  modal: Omit<ModalStaticFunctions, 'warn'>;
  notification: NotificationInstance;
}

let current: Feedback | null = null;
const waiting: ((feedback: Feedback) => void)[] = [];

export function setFeedback(feedback: Feedback): void {
  current = feedback;
  for (const resolve of waiting.splice(0)) resolve(feedback);
}

/** Resolves once the app has mounted (immediately afterwards). */
export function feedback(): Promise<Feedback> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => waiting.push(resolve));
}
