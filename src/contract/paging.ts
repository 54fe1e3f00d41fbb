import { z } from 'zod';

/** The spec's zero-based paging fields, shared by every paged list reply (applDto or content beside them). */
export const pageMetaSchema = z.object({
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  iscurrentPageFirst: z.boolean(),
  iscurrentPageLast: z.boolean(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Paging fields of zero-based page `page` of `size` rows out of `total`. */
export function pageMeta(page: number, size: number, total: number): PageMeta {
  const totalPages = Math.ceil(total / size);
  return {
    totalPages,
    totalElements: total,
    pageNumber: page,
    pageSize: size,
    iscurrentPageFirst: page === 0,
    iscurrentPageLast: page >= totalPages - 1,
  };
}
