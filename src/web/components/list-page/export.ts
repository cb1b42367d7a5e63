import { request, type Download } from '../../lib/request.ts';

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoke later: some browsers read the object URL after click() returns
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Posts the filters to an export route and saves the .xlsx it builds (all pages of the filter;
 * no Excel code in the browser). Errors are shown by the request layer.
 */
export async function downloadExport(url: string, body: Record<string, unknown>, fallbackName: string) {
  const file = await request<Download>(url, { method: 'POST', data: body, download: true });
  saveBlob(file.blob, file.fileName ?? fallbackName);
}
