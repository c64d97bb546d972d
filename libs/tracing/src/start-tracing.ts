import type { SdkOptions, TracingHandle } from './sdk';

export type { SdkOptions as TracingOptions, TracingHandle };

/** Whether the environment asks for traces: an OTLP endpoint is set and the SDK not disabled. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint =
    env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim() || env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  return Boolean(endpoint) && env['OTEL_SDK_DISABLED']?.trim().toLowerCase() !== 'true';
}

/**
 * Starts OpenTelemetry for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set, and does
 * nothing otherwise (not one SDK module is loaded). It must run before Nest, Fastify, pg and
 * undici are required, which is why each app's `main.ts` imports its `tracing.ts` first: the
 * instrumentations patch modules as they are required (ADR 0040).
 */
export function startTracing(serviceName: string, options: SdkOptions = {}): TracingHandle | null {
  if (!tracingRequested()) return null;
  // A lazy require on purpose: the SDK is read only when tracing is on.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  return startSdk(serviceName, options);
}
