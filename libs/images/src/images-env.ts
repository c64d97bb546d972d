import { z } from '@loadout/config';
import { DEFAULT_IMAGE_QUEUE, ImageQueue } from './image-queue';

/** The photo queue's variables (ADR 0026); a service that takes photos extends its env with them. */
export const imagesEnv = z.object({
  IMAGE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(DEFAULT_IMAGE_QUEUE.concurrency),
  IMAGE_QUEUE_WAITING: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(DEFAULT_IMAGE_QUEUE.maxWaiting),
  IMAGE_TIME_LIMIT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(120_000)
    .default(DEFAULT_IMAGE_QUEUE.timeLimitMs),
});
export type ImagesConfig = z.infer<typeof imagesEnv>;

/** The process's photo queue from the service's config. */
export const imageQueueOf = (config: ImagesConfig): ImageQueue =>
  new ImageQueue({
    concurrency: config.IMAGE_CONCURRENCY,
    maxWaiting: config.IMAGE_QUEUE_WAITING,
    timeLimitMs: config.IMAGE_TIME_LIMIT_MS,
  });
