import { AppError, type ErrorKind } from '@loadout/errors';

/** Failures of object storage, with stable codes a route can pass straight to the caller. */
export class StorageError extends AppError {
  constructor(code: `STORAGE.${string}`, message: string, kind: ErrorKind) {
    super(code, message, kind);
    this.name = 'StorageError';
  }
}

export class ObjectNotFoundError extends StorageError {
  constructor(readonly key: string) {
    super('STORAGE.NOT_FOUND', 'The file could not be found.', 'not_found');
  }
}

export const isObjectNotFound = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === 'STORAGE.NOT_FOUND';

export const invalidKey = () =>
  new StorageError('STORAGE.INVALID_KEY', 'That file name is not allowed.', 'validation');
export const uploadNotFound = () =>
  new StorageError(
    'STORAGE.UPLOAD_NOT_FOUND',
    'That upload does not exist or has expired. Please upload the photo again.',
    'not_found',
  );
export const signatureInvalid = () =>
  new StorageError('STORAGE.SIGNATURE_INVALID', 'This upload link is not valid.', 'forbidden');
export const signatureExpired = () =>
  new StorageError(
    'STORAGE.SIGNATURE_EXPIRED',
    'This upload link has expired. Please upload the photo again.',
    'forbidden',
  );
export const invalidPart = (message: string) =>
  new StorageError('STORAGE.INVALID_PART', message, 'validation');
