import { startTracing, tracingRequested } from './start-tracing';
import { tracingEnabled } from './trace-context';

describe('startTracing', () => {
  it('is off unless an OTLP endpoint is set, and OTEL_SDK_DISABLED=true turns it off', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://x/v1/traces' })).toBe(
      true,
    );
    expect(
      tracingRequested({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).toBe(false);
  });

  it('does nothing without an endpoint: no SDK, tracing stays off', () => {
    const saved = process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    delete process.env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'];
    try {
      expect(startTracing('fields')).toBeNull();
      expect(tracingEnabled()).toBe(false);
    } finally {
      if (saved !== undefined) process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = saved;
    }
  });
});
