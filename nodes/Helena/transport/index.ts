export { apiPath, coreUrl } from './url';
export { helenaRequest, MAX_ATTEMPTS } from './request';
export type { HelenaContext, HelenaRequest } from './request';
export { fetchAllPages, PAGE_SIZE } from './pagination';
export type { PageEnvelope, PagingOptions } from './pagination';
export { BATCH_SIZE, chunk, mapWithConcurrency } from './batching';
export { RequestBudget } from './budget';
export { isTagRemoval, sendTagRemoval, TAG_REMOVAL_SPELLINGS } from './tagRemoval';
export type { TagRemovalSpelling } from './tagRemoval';
