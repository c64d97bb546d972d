import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 (hex) over `uploadId|partNumber|expires` authorising one part PUT until `expires`. */
export function signUploadPart(
  secret: string,
  uploadId: string,
  partNumber: number,
  expires: number,
): string {
  return createHmac('sha256', secret).update(`${uploadId}|${partNumber}|${expires}`).digest('hex');
}

/** Constant-time check of a part signature (the expiry is checked by the caller). */
export function verifyUploadPartSignature(
  secret: string,
  uploadId: string,
  partNumber: number,
  expires: number,
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signUploadPart(secret, uploadId, partNumber, expires), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
