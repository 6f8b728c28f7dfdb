// A stand-in for the OS encryption behind Electron's safeStorage, for tests of the encrypted-file
// secret store outside Electron.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EncryptionBackend } from '../../electron/services/storage/secret-store-encrypted-file';

/** Real AES-256-GCM under a random key, reporting itself as the backend `name`. */
export function aesBackend(name = 'gnome_libsecret'): EncryptionBackend {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    backendName: () => name,
    encrypt(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(buf) {
      const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
      decipher.setAuthTag(buf.subarray(12, 28));
      return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
