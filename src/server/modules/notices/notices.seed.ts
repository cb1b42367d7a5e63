import type { Db } from '../../db/client.ts';
import { noticeTemplates, ticketAgreements } from './notices.table.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';

export const DEMO_AGREEMENT_TITLE = '青山湖风景区购票服务协议';

const AGREEMENT = `
<h2 style="text-align: center">青山湖风景区购票服务协议</h2>
<p>欢迎您通过青山湖风景区官方渠道购买门票。在完成购票前，请您仔细阅读本协议的全部内容。您点击“同意并购票”即表示您已阅读、理解并接受本协议。</p>
<h3>一、购票与实名</h3>
<ol>
<li><p>本景区门票实行实名制，每位游客须使用本人有效身份证件购票，一证一票。</p></li>
<li><p>您应保证所填写的游客姓名、证件号码、手机号码真实、准确、完整；因信息错误导致无法入园的，由您自行承担。</p></li>
<li><p>订单支付成功后，系统将以短信形式发送入园凭证，请妥善保管，切勿转发他人。</p></li>
</ol>
<h3>二、入园与使用</h3>
<ul>
<li><p>门票仅限所选游玩日期当日使用，过期作废。</p></li>
<li><p>入园时请出示购票时登记的身份证件或入园二维码，经闸机核验后入园，每张门票限入园一次。</p></li>
<li><p>游览期间请遵守景区各项管理规定，服从工作人员引导，爱护景区设施与生态环境。</p></li>
</ul>
<h3>三、退票与改期</h3>
<p>未使用的门票可在游玩日期前一天 <strong>18:00</strong> 前申请退票，退款将在 1-7 个工作日内原路退回；已入园或已过期的门票不予退票。具体退票规则以各门票产品页面的说明为准。</p>
<h3>四、免责说明</h3>
<p>因恶劣天气、自然灾害、政府管控等不可抗力导致景区临时闭园的，景区将发布公告并为受影响游客办理全额退款，不承担其他赔偿责任。</p>
<h3>五、个人信息保护</h3>
<p>景区仅在购票、入园核验和售后服务所必需的范围内收集和使用您的个人信息，并依法采取安全措施予以保护，不会向无关第三方提供。</p>
<hr>
<p>如有疑问，请拨打景区服务热线 <a target="_blank" rel="noopener noreferrer nofollow" href="tel:0571-88886666">0571-88886666</a>（每日 8:00-18:00）。</p>
`;

const NOTICES: { title: string; noticeType: number; sort: number; content: string }[] = [
  {
    title: '购票须知',
    noticeType: 1,
    sort: 1,
    content: `
<h3>购票须知</h3>
<ul>
<li><p>本景区实行实名制购票，每位游客需填写本人真实姓名及有效身份证件号码。</p></li>
<li><p>每笔订单最多可购买 <strong>10</strong> 张门票，同一证件每天限购 1 张。</p></li>
<li><p>请在下单后 15 分钟内完成支付，超时订单将自动取消。</p></li>
<li><p>1.2 米（含）以下儿童在成人陪同下免票入园，无需购票。</p></li>
</ul>
<p>开放时间：每日 <strong>08:00-17:30</strong>（17:00 停止入园）。</p>`,
  },
  {
    title: '入园须知',
    noticeType: 2,
    sort: 2,
    content: `
<h3>入园须知</h3>
<ol>
<li><p>请凭购票时登记的身份证件或短信中的入园二维码，在景区南门或东门闸机刷证/扫码入园。</p></li>
<li><p>每张门票限当日入园一次，出园后再次入园需重新购票。</p></li>
<li><p>景区内禁止吸烟、野炊、游泳及携带宠物，请将垃圾投放至指定垃圾箱。</p></li>
<li><p>湖区游船须穿着救生衣，请听从工作人员指挥，切勿擅自进入未开放区域。</p></li>
</ol>
<blockquote><p>温馨提示：节假日游客较多，建议错峰游览，提前预约。</p></blockquote>`,
  },
  {
    title: '退票说明',
    noticeType: 3,
    sort: 3,
    content: `
<h3>退票说明</h3>
<ul>
<li><p>未使用的门票可在游玩日期前一天 <strong>18:00</strong> 前在线申请退票，不收取手续费。</p></li>
<li><p>游玩当天申请退票的，按票面金额收取 <strong>10%</strong> 手续费。</p></li>
<li><p>已入园、已过期的门票不支持退票；部分使用的订单仅可退未使用的门票。</p></li>
<li><p>退款将在审核通过后 1-7 个工作日内按原支付渠道退回。</p></li>
</ul>`,
  },
  {
    title: '优惠政策',
    noticeType: 5,
    sort: 5,
    content: `
<h3>优惠政策</h3>
<table>
<thead><tr><th>对象</th><th>优惠</th><th>所需证件</th></tr></thead>
<tbody>
<tr><td>60-69 周岁老人</td><td>半价</td><td>身份证</td></tr>
<tr><td>70 周岁（含）以上老人</td><td>免票</td><td>身份证</td></tr>
<tr><td>全日制本科及以下学生</td><td>半价</td><td>学生证</td></tr>
<tr><td>现役军人、残疾人</td><td>免票</td><td>军官证/士兵证、残疾人证</td></tr>
</tbody>
</table>
<p>享受优惠的游客请在入园时主动出示有效证件，证件不符的须补足差价。</p>`,
  },
];

/** The demo agreement and purchase notices of one scenic area (runs first of the ticket seeds). */
export async function seedDemoNotices(db: Db, scenicId: number): Promise<void> {
  const clean = (html: string) => sanitizeRichText(html.replace(/\n/g, ''));
  await db
    .insert(ticketAgreements)
    .values({ scenicId, title: DEMO_AGREEMENT_TITLE, content: clean(AGREEMENT), status: 1, sort: 1 });
  await db
    .insert(noticeTemplates)
    .values(NOTICES.map((n) => ({ scenicId, ...n, content: clean(n.content), status: 1 })));
}
