import { Injectable } from '@nestjs/common';

export interface ListBugReportsResult {
  items: never[];
  nextCursor: string | null;
}

/** The first use case of the service: an empty page until it owns data. */
@Injectable()
export class ListBugReportsHandler {
  async run(): Promise<ListBugReportsResult> {
    return { items: [], nextCursor: null };
  }
}
