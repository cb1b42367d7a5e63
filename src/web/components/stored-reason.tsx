import { payErrorText } from '../../shared/dict/payments.ts';
import { systemReasonText } from '../../shared/dict/refunds.ts';
import { useSettings } from '../lib/settings.ts';

/** A stored provider failure (a refund's fail reason): the server's own codes in the reader's language. */
export function PayErrorText({ reason }: { reason: string | null | undefined }) {
  const { lang } = useSettings();
  return <>{reason ? payErrorText(reason, lang) : ''}</>;
}

/** A stored refund or close reason: the system's own codes in the reader's language, a person's words as typed. */
export function ReasonText({ reason }: { reason: string | null | undefined }) {
  const { lang } = useSettings();
  return <>{reason ? systemReasonText(reason, lang) : ''}</>;
}
