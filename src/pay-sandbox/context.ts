import type { KeyPair } from './crypto.ts';
import type { SandboxState } from './state.ts';

/** The sandbox's own keys: WeChat's platform key (its serial names it) and Alipay's key. */
export interface SandboxKeys {
  wechat: KeyPair & { serial: string };
  alipay: KeyPair;
}

export interface SandboxContext {
  state: SandboxState;
  keys: SandboxKeys;
  /** The sandbox's own base URL (http://127.0.0.1:port) */
  baseUrl: () => string;
  now: () => Date;
}
