import type { pki } from 'node-forge';

/**
 * RSA-OAEP (SHA-256) encryption of a password with the server's public key (SPKI DER, base64).
 * Uses WebCrypto where it exists; on a plain-HTTP intranet host `crypto.subtle` is missing, so the
 * pure-JS node-forge is loaded on demand (never part of the first load).
 */
export async function encryptWithPublicKey(publicKeyBase64: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const der = Uint8Array.from(atob(publicKeyBase64), (c) => c.charCodeAt(0));
    const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    const encrypted = new Uint8Array(
      await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain)),
    );
    let binary = '';
    for (const byte of encrypted) binary += String.fromCharCode(byte);
    return btoa(binary);
  }
  return encryptWithForge(publicKeyBase64, plain);
}

export async function encryptWithForge(publicKeyBase64: string, plain: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const asn1 = forge.asn1.fromDer(forge.util.decode64(publicKeyBase64));
  const key = forge.pki.publicKeyFromAsn1(asn1) as pki.rsa.PublicKey;
  const encrypted = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}

/**
 * A random request key (an Idempotency-Key): 128 bits as hex. `crypto.getRandomValues`, unlike
 * `crypto.randomUUID`, also works on plain-HTTP intranet hosts (not a secure context).
 */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
