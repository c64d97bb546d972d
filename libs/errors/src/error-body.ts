/** The JSON body of every error response, on every service and the gateway. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
  requestId: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['code'] === 'string' && typeof v['message'] === 'string';
}
