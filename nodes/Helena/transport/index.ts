export { apiPath, coreUrl } from './url';
export { helenaRequest, MAX_ATTEMPTS } from './request';
export type { HelenaContext, HelenaRequest } from './request';
export { fetchAllPages, hasMore, PAGE_SIZE } from './pagination';
export type { PageEnvelope, PagingOptions } from './pagination';
export { BATCH_SIZE, chunk, mapWithConcurrency } from './batching';
export { RequestBudget } from './budget';
