import type { SmsVendor } from './vendor.ts';

/**
 * The built-in `log` platform (9): records the message in the send log instead of sending it, so the
 * demo and the tests see every message with its text. Its message id is the phone's last four digits
 * and the time, as a platform's would be.
 */
export const logVendor: SmsVendor = {
  platform: 9,
  send: async (_account, request) => ({
    code: '0',
    message: 'recorded, not sent',
    messageId: `log-${Date.now().toString(36)}-${request.phone.slice(-4)}`,
    retry: false,
  }),
};
