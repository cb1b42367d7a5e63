/** The sandbox's minimal HTTP shapes: a request read whole (signatures cover the raw bytes) and a reply. */
export interface SandboxRequest {
  method: string;
  /** Path and query as sent (WeChat signs it) */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(value),
});

export const header = (req: SandboxRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
