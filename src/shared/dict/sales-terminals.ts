import { defineDict } from './dict.ts';
import type { PayWayCode } from './order.ts';

/** docs/product.md §9 ticket printer paper: 58/80 mm receipt, 72 mm coated, 29 mm wristband. */
export const PrinterPaper = defineDict({
  receipt58: { zh: '58mm 热敏小票', en: '58 mm receipt' },
  receipt80: { zh: '80mm 热敏小票', en: '80 mm receipt' },
  coated72: { zh: '72mm 铜版纸门票', en: '72 mm coated ticket' },
  wristband29: { zh: '29mm 手环', en: '29 mm wristband' },
});
export type PrinterPaperCode = keyof typeof PrinterPaper;
export const PRINTER_PAPERS = Object.keys(PrinterPaper) as [PrinterPaperCode, ...PrinterPaperCode[]];

/**
 * docs/product.md §9 pay ways a staffed ticket window takes (docs/decisions.md "Ticket windows and
 * self-service machines"): cash, WeChat, Alipay, member balance, UnionPay, digital RMB, POS.
 */
export const WINDOW_PAY_WAYS = [1, 2, 3, 9, 11, 50, 99] as const satisfies readonly PayWayCode[];
/** What an unstaffed machine takes: scanned or card payments, no cash, member balance or POS. */
export const MACHINE_PAY_WAYS = [2, 3, 11, 50] as const satisfies readonly PayWayCode[];

/** A machine's paper level at or below this percent shows as paper low. */
export const PAPER_LOW_PERCENT = 20;

/** Whether a window or machine has been given its profile yet. */
export const ProfileConfigured = defineDict({
  1: { zh: '已配置', en: 'Configured', color: 'green' },
  0: { zh: '未配置', en: 'Not configured', color: 'default' },
});

/** Field labels of the window, machine and carousel screens and their exports. */
export const SalesTerminalField = defineDict({
  windowFile: { zh: '售票窗口', en: 'Ticket windows' },
  machineFile: { zh: '自助售票机', en: 'Self-service machines' },
  carouselFile: { zh: '自助机轮播图', en: 'Machine carousel' },
  name: { zh: '名称', en: 'Name' },
  serialNo: { zh: '序列号', en: 'Serial number' },
  location: { zh: '位置', en: 'Location' },
  windowNo: { zh: '窗口号', en: 'Window number' },
  operators: { zh: '可操作账号', en: 'Operators allowed' },
  products: { zh: '可售产品', en: 'Products sold' },
  product: { zh: '产品', en: 'Product' },
  payWays: { zh: '支付方式', en: 'Pay ways' },
  printerModel: { zh: '打印机', en: 'Printer' },
  paper: { zh: '纸张', en: 'Paper' },
  printerState: { zh: '打印机状态', en: 'Printer state' },
  paperLevel: { zh: '余纸', en: 'Paper left' },
  online: { zh: '在线状态', en: 'Online' },
  status: { zh: '状态', en: 'Status' },
  lastSeen: { zh: '最后心跳', en: 'Last seen' },
  configured: { zh: '配置', en: 'Profile' },
  updateTime: { zh: '配置时间', en: 'Configured at' },
  carouselCount: { zh: '轮播图', en: 'Carousel images' },
  title: { zh: '标题', en: 'Title' },
  image: { zh: '图片', en: 'Image' },
  machine: { zh: '适用机器', en: 'Machine' },
  allMachines: { zh: '本景区全部自助机', en: 'All machines of the area' },
  sort: { zh: '排序', en: 'Order' },
  startTime: { zh: '开始时间', en: 'From' },
  endTime: { zh: '结束时间', en: 'To' },
  createTime: { zh: '创建时间', en: 'Created' },
});

/** Why a window, machine or carousel change was refused (400 naming the field). */
export const SalesTerminalReason = defineDict({
  productNotInArea: { zh: '产品不属于本景区', en: 'a product is not one of this area' },
  operatorNotInArea: { zh: '账号不是本景区员工', en: 'an account is not staff of this area' },
  machineNotInArea: { zh: '不是本景区的自助售票机', en: 'not a self-service machine of this area' },
  notSoldHere: { zh: '本终端不售卖该产品', en: 'this terminal does not sell the product' },
  reorderSet: {
    zh: '须按新顺序列出该机器的全部轮播图',
    en: 'list every carousel item of the machine, in the new order',
  },
});
