// Sealing a value kept in D1 that only the Worker may read (the TOTP secrets, decision 053):
// AES-GCM under a key derived (HKDF) from the JWT_SECRET Worker secret, so a copy of the database
// alone opens nothing. A different `purpose` derives a different key.

async function sealKey(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode(`global-imperium-shop:${purpose}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** `plain` sealed as 'iv.ciphertext' (base64). */
export async function seal(plain: string, secret: string, purpose: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await sealKey(secret, purpose),
    new TextEncoder().encode(plain),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** What `seal` sealed; throws when the text was altered or sealed under another key. */
export async function unseal(sealed: string, secret: string, purpose: string): Promise<string> {
  const [iv = '', data = ''] = sealed.split('.');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    await sealKey(secret, purpose),
    fromBase64(data),
  );
  return new TextDecoder().decode(plain);
}
