import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { Public } from '@loadout/auth';

/** One Prometheus registry per process, with default Node metrics and request durations. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor() {
    // The event-loop delay histogram samples every 100 ms, not prom-client's 10 ms: a timer
    // 100 times a second woke every idle process (about 4.5 ms of CPU a second each on the
    // 2-core machine, issue 28); 10 samples a second still give the scrape its percentiles.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 100 });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
  }
}

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
