import { metricGauges } from '../../lib/metrics.ts';
import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from './message-kinds.ts';
import { startOutboxJob } from './messaging-outbox.ts';
import { outboxBacklog } from './outbox-metrics.ts';
import { seedDemoMessaging } from './messaging.seed.ts';
import { smsPlatforms } from './messaging.table.ts';
import { smsLogRoutes } from './sms-log.routes.ts';
import { smsSettingRoutes } from './sms-settings.routes.ts';

export default defineServerModule({
  name: 'messaging',
  routes: [smsSettingRoutes, smsLogRoutes],
  // the outbox's worker: claims due messages (FOR UPDATE SKIP LOCKED), sends, retries with backoff
  jobs: [(app) => startOutboxJob(app.ctx.db, app.log)],
  seedDemo: seedDemoMessaging,
  plugs: [
    // the backlog of the outbox on /metrics
    metricGauges.plug(outboxBacklog),
    // the verification code is this module's own message (the member API's smsCode)
    messageKinds.plug({
      template: 1,
      variables: [
        { name: 'code', sample: '386142' },
        { name: 'minutes', sample: '5' },
      ],
      text: '您的验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。',
    }),
    // re-sealed by `npm run secrets:rotate`
    sealedColumns.plug({
      name: 'messaging.smsPlatforms',
      table: smsPlatforms,
      key: smsPlatforms.id,
      columns: [smsPlatforms.secretSealed],
    }),
  ],
});
