import type { SandboxContext } from './context.ts';
import { json } from './http.ts';
import type { Reply } from './http.ts';
import { completeInvoice } from './nuonuo.ts';
import { NUONUO_STATUS } from './nuonuo-state.ts';
import type { NuonuoInvoice, NuonuoSeller } from './nuonuo-state.ts';
import { SandboxRefusal } from './ops.ts';

/** What tests and the demo tell the Nuonuo platform (in-process, and over HTTP under /control/nuonuo/). */
export interface NuonuoControl {
  /**
   * Nuonuo: an app and the access token its calls carry (registered again: replaced). With sellers,
   * the token acts for those tax ids only, and their names are printed on their invoices.
   */
  registerNuonuoApp(app: {
    appKey: string;
    appSecret: string;
    accessToken: string;
    sellers?: NuonuoSeller[];
  }): void;
  /** Nuonuo: every invoice request accepted, in the order requested */
  nuonuoInvoices(): NuonuoInvoice[];
  /** Nuonuo: the next `count` requests fail (status 22) with this cause; 0 stops it */
  failNuonuoIssues(count: number, cause?: string): void;
  /** Nuonuo: requests from now on stay working (status 20) until released (hold false: issued at once again) */
  holdNuonuoIssues(hold?: boolean): void;
  /** Nuonuo: the held requests are issued now (numbers in the order requested); answers them */
  releaseNuonuoIssues(): NuonuoInvoice[];
  /** Nuonuo: voids are refused with this cause until called with null */
  refuseNuonuoVoids(cause: string | null): void;
}

export function nuonuoControl(ctx: SandboxContext): NuonuoControl {
  const state = () => ctx.state.nuonuo;
  return {
    registerNuonuoApp(app) {
      if (!app.appKey || !app.appSecret || !app.accessToken)
        throw new SandboxRefusal(400, 'PARAM_ERROR', 'appKey, appSecret and accessToken are required');
      const sellers = (app.sellers ?? []).map((s) => ({
        taxId: String(s.taxId ?? ''),
        name: String(s.name ?? ''),
      }));
      if (sellers.some((s) => !s.taxId))
        throw new SandboxRefusal(400, 'PARAM_ERROR', 'a seller needs its taxId');
      state().apps.set(app.appKey, {
        appKey: app.appKey,
        appSecret: app.appSecret,
        accessToken: app.accessToken,
        sellers,
      });
    },
    nuonuoInvoices: () => [...state().invoices.values()],
    failNuonuoIssues(count, cause) {
      if (!Number.isInteger(count) || count < 0)
        throw new SandboxRefusal(400, 'PARAM_ERROR', 'count is a whole number, 0 or more');
      state().modes.failNext = count;
      state().modes.failCause = cause ?? '';
    },
    holdNuonuoIssues(hold = true) {
      state().modes.hold = hold;
    },
    releaseNuonuoIssues() {
      const held = [...state().invoices.values()].filter((i) => i.status === NUONUO_STATUS.working);
      for (const inv of held) completeInvoice(ctx, inv);
      return held;
    },
    refuseNuonuoVoids(cause) {
      state().modes.refuseVoids = cause === null ? null : cause || '税局作废接口拒绝（沙箱模拟）';
    },
  };
}

type Json = Record<string, unknown>;

/** The HTTP control calls under /control/nuonuo/, or null when the route is not one. */
export function handleNuonuoControl(control: NuonuoControl, route: string, body: Json): Reply | null {
  switch (route) {
    case 'POST /control/nuonuo/apps':
      control.registerNuonuoApp(body as Parameters<NuonuoControl['registerNuonuoApp']>[0]);
      return json(200, { ok: true });
    case 'GET /control/nuonuo/invoices':
      return json(200, { invoices: control.nuonuoInvoices() });
    case 'POST /control/nuonuo/fail':
      control.failNuonuoIssues(
        Number(body.count ?? 1),
        typeof body.cause === 'string' ? body.cause : undefined,
      );
      return json(200, { ok: true });
    case 'POST /control/nuonuo/hold':
      control.holdNuonuoIssues(body.hold !== false);
      return json(200, { ok: true });
    case 'POST /control/nuonuo/release':
      return json(200, { ok: true, released: control.releaseNuonuoIssues() });
    case 'POST /control/nuonuo/voids':
      control.refuseNuonuoVoids(
        body.refuse === false ? null : typeof body.cause === 'string' ? body.cause : '',
      );
      return json(200, { ok: true });
    default:
      return null;
  }
}
