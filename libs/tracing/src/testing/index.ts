export {
  spansOfExport,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from './otlp-receiver';
