/**
 * A logged payload (the OTA channels' messages, the invoicing platform's requests and answers):
 * pretty JSON when it is JSON, as received otherwise (the server redacted it).
 */
export function JsonPayload({ text, testId }: { text: string; testId?: string }) {
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON (an HTTP status and body, an error message): as logged
  }
  return (
    <pre
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, maxHeight: 360, overflow: 'auto' }}
      tabIndex={0}
      data-testid={testId}
    >
      {shown || '-'}
    </pre>
  );
}
