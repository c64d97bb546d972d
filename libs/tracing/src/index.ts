export {
  startTracing,
  tracingRequested,
  type TracingHandle,
  type TracingOptions,
} from './start-tracing';
export {
  currentTraceparent,
  inConsumerSpan,
  isTraceparent,
  markTracingEnabled,
  traceLogFields,
  tracingEnabled,
  type ConsumerSpan,
} from './trace-context';
