import { message, Modal, notification } from 'antd';

/**
 * antd's static functions; app.tsx makes them follow the theme and language (ConfigProvider.config).
 * feedback.ts, which loads this file lazily, checks that it is a `Feedback`.
 */
export const staticFeedback = { message, modal: Modal, notification };
