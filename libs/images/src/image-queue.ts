import { imagesBusy, imageTooComplex } from './image.errors';

export interface ImageQueueOptions {
  /** Photos processed at once in this process (each may use several libvips threads). */
  concurrency: number;
  /** Photos waiting for a slot at most; one more is refused with 429 `IMAGES.BUSY`. */
  maxWaiting: number;
  /** Longest a photo may take once it runs; the pipeline aborts it past this (IMAGES.TOO_COMPLEX). */
  timeLimitMs: number;
}

export const DEFAULT_IMAGE_QUEUE: ImageQueueOptions = {
  concurrency: 2,
  maxWaiting: 8,
  timeLimitMs: 10_000,
};

/**
 * A bounded queue for image work in one process (issue 22 item 2): a few photos decode at
 * once, a few more wait, and the rest are refused at once, so a burst of expensive photos
 * never takes the threads every other request of the service needs.
 */
export class ImageQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly options: ImageQueueOptions = DEFAULT_IMAGE_QUEUE) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `work` when a slot is free; throws 429 `IMAGES.BUSY` at once when none will be, and
   * `IMAGES.TOO_COMPLEX` when it runs past the time limit. The slot is given back only when the
   * work has really ended (the pipeline makes libvips stop too), so the bound always holds.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw imagesBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const release = () => {
      const next = this.waiting.shift();
      // The slot passes straight to the next photo; `running` stays the same.
      if (next) next();
      else this.running--;
    };
    let task: Promise<T>;
    try {
      task = work();
    } catch (err) {
      release();
      throw err;
    }
    void task.then(release, release);
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(imageTooComplex()), this.options.timeLimitMs);
    });
    try {
      return await Promise.race([task, limit]);
    } finally {
      clearTimeout(timer);
    }
  }
}
