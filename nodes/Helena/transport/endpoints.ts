import type { IDataObject } from 'n8n-workflow';

import type { RecordRef } from './errors';
import type { HelenaContext, HelenaRequest } from './request';
import { helenaRequest } from './request';
import { apiPath } from './url';

/*
 * The calls made from more than one place (an operation, a picker, the trigger), named once.
 * Each names the shape of its answer; the transport refuses any other (HTML, null, an error body).
 */

export interface CallOptions {
	itemIndex?: number;
	records?: RecordRef[];
}

/** GET /v1/webhook/event: the events a subscription can receive, with Helena's descriptions. */
export async function listWebhookEvents(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[]> {
	return (await helenaRequest.call(this, { method: 'GET', path: '/v1/webhook/event', answer: 'list', ...options })) as IDataObject[];
}

/** GET /v1/webhook/subscription: every subscription of the account (not paginated). */
export async function listSubscriptions(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[]> {
	return (await helenaRequest.call(this, { method: 'GET', path: '/v1/webhook/subscription', answer: 'list', ...options })) as IDataObject[];
}

/** POST /v1/webhook/subscription: a plain create, never repeated automatically. */
export async function createSubscription(this: HelenaContext, body: IDataObject, options: CallOptions = {}): Promise<IDataObject> {
	return (await helenaRequest.call(this, { method: 'POST', path: '/v1/webhook/subscription', body, ...options })) as IDataObject;
}

/** PUT /v1/webhook/subscription/{id}: changes the fields named in `body.fields`. */
export async function updateSubscription(
	this: HelenaContext,
	id: string,
	body: IDataObject,
	options: CallOptions = {},
): Promise<IDataObject> {
	return (await helenaRequest.call(this, {
		method: 'PUT',
		path: apiPath`/v1/webhook/subscription/${id}`,
		body,
		...options,
	})) as IDataObject;
}

/** /v1/webhook/subscription/{id}, encoded. */
export const subscriptionPath = (id: string) => apiPath`/v1/webhook/subscription/${id}`;

/** DELETE /v1/webhook/subscription/{id}. */
export async function deleteSubscription(this: HelenaContext, id: string, options: CallOptions = {}): Promise<unknown> {
	return await helenaRequest.call(this, { method: 'DELETE', path: subscriptionPath(id), ...options });
}

/** GET /v1/contact/custom-field: the custom field definitions, flat or inside their groups. */
export async function listContactCustomFields(
	this: HelenaContext,
	{ nested = false, ...options }: CallOptions & { nested?: boolean } = {},
): Promise<IDataObject[] | null> {
	return (await helenaRequest.call(this, {
		method: 'GET',
		path: '/v1/contact/custom-field',
		qs: { NestedList: nested },
		answer: 'list',
		...options,
	})) as IDataObject[] | null;
}

/** GET /v2/department: every department of the account (not paginated). */
export async function listDepartments(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[] | null> {
	return (await helenaRequest.call(this, { method: 'GET', path: '/v2/department', answer: 'list', ...options })) as IDataObject[] | null;
}

/** One page of POST /v1/contact/filter; a filter only reads, so repeating it is harmless. */
export function contactFilterPage(body: IDataObject, pageNumber: number, pageSize: number, itemIndex?: number): HelenaRequest {
	return {
		method: 'POST',
		path: '/v1/contact/filter',
		body: { ...body, pageNumber, pageSize },
		repeatable: true,
		itemIndex,
		answer: 'page',
	};
}

/** GET /chat/v1/channel: the account's channels (not paginated); `number` is what a send's `from` takes. */
export async function listChannels(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[] | null> {
	return (await helenaRequest.call(this, { service: 'chat', method: 'GET', path: '/v1/channel', answer: 'list', ...options })) as
		IDataObject[] | null;
}

/** One page of GET /chat/v1/template (PascalCase query: ChannelId, Name, ApprovedOnly, IncludeDetails). */
export function templatePage(qs: IDataObject, pageNumber: number, pageSize: number, itemIndex?: number): HelenaRequest {
	return {
		service: 'chat',
		method: 'GET',
		path: '/v1/template',
		qs: { ...qs, PageNumber: pageNumber, PageSize: pageSize },
		itemIndex,
		answer: 'page',
	};
}

/** GET /core/v1/agent: the account's users (not paginated). */
export async function listAgents(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[] | null> {
	return (await helenaRequest.call(this, { method: 'GET', path: '/v1/agent', answer: 'list', ...options })) as IDataObject[] | null;
}

/** GET /core/v1/tag: the account's contact tags (not paginated). */
export async function listTags(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[] | null> {
	return (await helenaRequest.call(this, { method: 'GET', path: '/v1/tag', answer: 'list', ...options })) as IDataObject[] | null;
}

/** One page of GET /v1/contact; `qs` carries the API's PascalCase names (Status, UpdatedAt.After, OrderBy…). */
export function contactListPage(qs: IDataObject, pageNumber: number, pageSize: number, itemIndex?: number): HelenaRequest {
	return { method: 'GET', path: '/v1/contact', qs: { ...qs, PageNumber: pageNumber, PageSize: pageSize }, itemIndex, answer: 'page' };
}

/** GET /core/v1/tag/color: the colours a tag can have (`color`, with its background and text hex). */
export async function listTagColors(this: HelenaContext, options: CallOptions = {}): Promise<IDataObject[] | null> {
	return (await helenaRequest.call(this, { method: 'GET', path: '/v1/tag/color', answer: 'list', ...options })) as IDataObject[] | null;
}

/** One page of GET /core/v1/portfolio (IncludeDetails: Departments, ContactCount; date windows). */
export function portfolioPage(qs: IDataObject, pageNumber: number, pageSize: number, itemIndex?: number): HelenaRequest {
	return { method: 'GET', path: '/v1/portfolio', qs: { ...qs, PageNumber: pageNumber, PageSize: pageSize }, itemIndex, answer: 'page' };
}

/** One page of GET /chat/v1/sequence (IncludeDetails: ContactExecutingCount, ExecutionStats; Name, ContactId, date windows). */
export function sequencePage(qs: IDataObject, pageNumber: number, pageSize: number, itemIndex?: number): HelenaRequest {
	return {
		service: 'chat',
		method: 'GET',
		path: '/v1/sequence',
		qs: { ...qs, PageNumber: pageNumber, PageSize: pageSize },
		itemIndex,
		answer: 'page',
	};
}
