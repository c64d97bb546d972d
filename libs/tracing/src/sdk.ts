import os from 'node:os';
import {
  diag,
  DiagConsoleLogger,
  DiagLogLevel,
  type Context,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { markTracingEnabled } from './trace-context';

// Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (start-tracing.ts requires it lazily):
// with tracing off, not one SDK module is read.

export interface SdkOptions {
  /**
   * The edge (the gateway): a `traceparent` that came with an incoming request is ignored and
   * every request starts its own trace (ADR 0040). Outgoing calls still carry ours.
   */
  edge?: boolean;
}

/**
 * W3C trace context that never reads an incoming header: the internet may not choose our trace
 * ids or force sampling. It still writes `traceparent` on the gateway's calls to the services.
 */
export class EdgePropagator implements TextMapPropagator {
  private readonly w3c = new W3CTraceContextPropagator();

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(context, carrier, setter);
  }

  extract(context: Context, _carrier: unknown, _getter: TextMapGetter): Context {
    return context;
  }

  fields(): string[] {
    return this.w3c.fields();
  }
}

/** Health probes and scrapes are not traced: they would drown the traces that matter. */
const UNTRACED_PATHS = /^\/(health|metrics)(\/|\?|$)/;

export interface TracingHandle {
  /** Sends what is buffered and stops (tests; a process normally just exits). */
  shutdown(): Promise<void>;
}

export function startSdk(serviceName: string, options: SdkOptions = {}): TracingHandle {
  if (process.env['OTEL_LOG_LEVEL']?.toLowerCase() === 'debug') {
    diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.DEBUG);
  }
  const protocol = process.env['OTEL_EXPORTER_OTLP_PROTOCOL'];
  if (protocol && protocol !== 'http/json') {
    console.warn(
      `${serviceName}: OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported; spans are sent as OTLP over HTTP with JSON (http/json, port 4318).`,
    );
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: process.env['OTEL_SERVICE_NAME'] || serviceName,
      [ATTR_SERVICE_VERSION]: process.env['APP_VERSION'] || 'dev',
      'service.instance.id': `${os.hostname()}:${process.pid}`,
      'deployment.environment.name': process.env['NODE_ENV'] ?? 'development',
    }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces) and _HEADERS itself; the
    // processor reads OTEL_BSP_*; the sampler OTEL_TRACES_SAMPLER (default: parent-based, all).
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register({
    propagator: options.edge ? new EdgePropagator() : new W3CTraceContextPropagator(),
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.test(req.url ?? ''),
        // Background calls (JWKS refresh, relays) without a request around them: no lone traces.
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      // SQL text only (placeholders, never the values: personal data), and only inside a
      // traced request or event; the relays' polling would otherwise be thousands of traces.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      // The command name only: keys and values are sessions, rate-limit addresses, caches.
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
      }),
      new NestInstrumentation(),
    ],
  });
  markTracingEnabled(true);
  return {
    async shutdown() {
      markTracingEnabled(false);
      await provider.shutdown();
    },
  };
}
