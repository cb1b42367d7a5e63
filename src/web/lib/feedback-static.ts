import { message, Modal, notification } from 'antd';
import type { Feedback } from './feedback.ts';

/** antd's static functions; app.tsx makes them follow the theme and language (ConfigProvider.config). */
export const staticFeedback: Feedback = { message, modal: Modal, notification };
