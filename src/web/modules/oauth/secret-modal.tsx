import { useTranslation } from 'react-i18next';
import { OneTimeModal } from '../../components/one-time-modal.tsx';

export interface SecretModalProps {
  /** The client and its new secret; null: closed. */
  secret: { clientId: string; secret: string } | null;
  onClose: () => void;
}

/** A client secret, shown this once (the server keeps only its hash): copy button and warning. */
export function SecretModal({ secret, onClose }: SecretModalProps) {
  const { t } = useTranslation('oauth');
  return (
    <OneTimeModal
      shown={
        secret && {
          title: `${t('secretTitle')}: ${secret.clientId}`,
          warning: t('secretWarning'),
          value: secret.secret,
        }
      }
      onClose={onClose}
      inputId="oauth-secret"
    />
  );
}
