// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must see every later module load.
import './tracing';
import { runService } from '@loadout/service-kit';
import { messagingService } from './messaging.service';

runService(messagingService);
