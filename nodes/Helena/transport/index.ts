// The only door into transport/: everything outside it imports from here.
export { apiPath } from './url';
export type { HelenaService } from './url';
export { credentialApiKey, helenaRequest, requestTimeoutMs } from './request';
export type { HelenaContext, HelenaRequest } from './request';
export { isNotFoundError, recordIn, refusalOf, saysAlready } from './errors';
export { markOutcome, requestOutcome } from './outcome';
export { deleteRecord } from './deletion';
export type { RequestOutcome } from './outcome';
export { notSent, sendOutcomeOf, sendOutcomeWords, tellSendOutcome } from './sendOutcome';
export type { SendOutcome } from './sendOutcome';
export type { HelenaRefusal, RecordKind, RecordRef } from './errors';
export { fetchAllPages, morePagesAfter, PAGE_SIZE } from './pagination';
export { withHelenaClock } from './helenaClock';
export type { HelenaClock } from './helenaClock';
export type { PageEnvelope, PagingOptions } from './pagination';
export { chunk } from './batching';
export { itemRanges, refusedItem, runBatches } from './batchReport';
export type { BatchPart, RepeatEffect } from './batchReport';
export { RequestBudget } from './budget';
export { uploadFile } from './files';
export { downloadFile, httpOrigin } from './download';
export type { DownloadedFile, FileToDownload } from './download';
export type { FileToUpload, HelenaFileType } from './files';
export {
	contactFilterPage,
	contactListPage,
	createSubscription,
	deleteSubscription,
	listAgents,
	listChannels,
	listContactCustomFields,
	listDepartments,
	listSubscriptions,
	listTagColors,
	listTags,
	listWebhookEvents,
	subscriptionPath,
	portfolioPage,
	sequencePage,
	templatePage,
	updateSubscription,
} from './endpoints';
export { withoutDeliveryToken } from '../helpers/redact';
export { isTagRemoval, sendTagRemoval, TAG_REMOVAL_SPELLINGS } from './tagRemoval';
export type { TagRemovalSpelling } from './tagRemoval';
