/** Query of every keyset-paged list: the opaque cursor of the previous page and a page size. */
export interface KeysetPageQuery {
  cursor?: string;
  limit?: number;
}
