import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	invalidInput,
	type NodeContext,
	openList,
	optionsCollection,
	optionValues,
	readChoices,
	readOption,
	readText,
	shown,
} from '../../helpers';
import type { PagingOptions } from '../../transport';
import { statusOptions } from './fields';
import { limitField, readPaging, readSimple, returnAllField, simplifyFieldShowing } from '../shared/paging';

/* Parameters and output shaping shared by Get, Get Many and Search. */

export const simplifyField: INodeProperties = simplifyFieldShowing(
	'Simplified: ID, name, phone number, email, Instagram, status, tag names and last update',
);

export const includeDetailsField: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'multiOptions',
	options: [
		{ name: 'Custom Fields', value: 'CustomFields' },
		{ name: 'Portfolios', value: 'Portfolios' },
		{ name: 'Tags', value: 'Tags' },
	],
	default: ['Tags', 'CustomFields', 'Portfolios'],
	description: 'Related data to return with each contact; without it those fields come back empty',
};

/**
 * Helena takes the name of any contact field here and does not document which it accepts, so the
 * known ones are listed and any other name (given as an expression) is sent as it is.
 */
export const orderByField: INodeProperties = {
	displayName: 'Order By',
	name: 'orderBy',
	type: 'options',
	options: openList([
		{ name: 'Created At', value: 'createdAt' },
		{ name: 'Email', value: 'email' },
		{ name: 'Instagram', value: 'instagram' },
		{ name: 'Name', value: 'name' },
		{ name: 'Phone Number', value: 'phoneNumber' },
		{ name: 'Status', value: 'status' },
		{ name: 'Updated At', value: 'updatedAt' },
	]),
	default: 'createdAt',
	description:
		"Contact field to sort by. Helena accepts a contact field's name; for one not listed, use an expression with its name (such as nameWhatsapp).",
};

export const orderDirectionField: INodeProperties = {
	displayName: 'Order Direction',
	name: 'orderDirection',
	type: 'options',
	options: [
		{ name: 'Ascending', value: 'ASCENDING' },
		{ name: 'Descending', value: 'DESCENDING' },
	],
	default: 'ASCENDING',
};

/** The Options of Get Many and Search: details to include and the order. */
export const listOptionsField: INodeProperties = optionsCollection([includeDetailsField, orderByField, orderDirectionField]);

export const statusFilterField: INodeProperties = {
	displayName: 'Status',
	name: 'status',
	type: 'options',
	options: statusOptions,
	default: 'ACTIVE',
	description: 'Only contacts with this status; Helena returns active contacts when not set',
};

/** Created/updated before/after; Helena reads these bounds as UTC. */
export const dateRangeFields: INodeProperties[] = [
	{
		displayName: 'Created After',
		name: 'createdAfter',
		type: 'dateTime',
		default: '',
		description: 'Contacts created after this moment (UTC)',
	},
	{
		displayName: 'Created Before',
		name: 'createdBefore',
		type: 'dateTime',
		default: '',
		description: 'Contacts created before this moment (UTC)',
	},
	{
		displayName: 'Updated After',
		name: 'updatedAfter',
		type: 'dateTime',
		default: '',
		description: 'Contacts last changed after this moment (UTC)',
	},
	{
		displayName: 'Updated Before',
		name: 'updatedBefore',
		type: 'dateTime',
		default: '',
		description: 'Contacts last changed before this moment (UTC)',
	},
];

const DETAILS = optionValues(includeDetailsField);
const ORDER_DIRECTIONS = optionValues(orderDirectionField);
const STATUSES = statusOptions.map((option) => String(option.value));

/** The details to request, each one Helena knows; Simplify needs the tag names, so it asks for them. */
export function readIncludeDetails(context: NodeContext, options: IDataObject, simple: boolean, itemIndex: number): string[] | undefined {
	const chosen = readChoices(context, options.includeDetails, DETAILS, 'Include Details', itemIndex);
	const details = simple && !chosen.includes('Tags') ? [...chosen, 'Tags'] : chosen;
	return details.length ? details : undefined;
}

/** Order By: any contact field name (the list holds the known ones), as text; not an object, not a sentence. */
function readFieldName(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const name = (readText(context, value, 'Order By', itemIndex) ?? '').trim();
	if (!/^[A-Za-z][A-Za-z0-9_.]*$/.test(name)) {
		throw invalidInput(context, 'Order By', `must be the name of a contact field, such as createdAt, not ${shown(name)}`, itemIndex);
	}
	return name;
}

/** The Status filter, or undefined when not set. */
export function readStatusFilter(context: IExecuteFunctions, filters: IDataObject, itemIndex: number): string | undefined {
	if (filters.status === undefined || filters.status === '') return undefined;
	return readOption(context, filters.status, STATUSES, 'Status', itemIndex);
}

/** Return All, Limit and Simplify, the first parameters of Get Many and Search. */
export const listingFields: INodeProperties[] = [returnAllField, limitField, simplifyField];

export interface Listing {
	paging: PagingOptions;
	simple: boolean;
	options: IDataObject;
	/** The details to request, or undefined for none. */
	includeDetails?: string[];
}

/** The listing parameters of one item (Return All, Limit, Simplify and Options), checked. */
export function readListing(context: IExecuteFunctions, itemIndex: number): Listing {
	const paging = readPaging(context, itemIndex);
	const simple = readSimple(context, itemIndex);
	const given = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const options: IDataObject = {};
	if (given.orderBy) options.orderBy = readFieldName(context, given.orderBy, itemIndex);
	if (given.orderDirection)
		options.orderDirection = readOption(context, given.orderDirection, ORDER_DIRECTIONS, 'Order Direction', itemIndex);
	return { paging, simple, options, includeDetails: readIncludeDetails(context, given, simple, itemIndex) };
}

/** The contacts as output: simplified when Simplify is on. */
export function outputContacts(contacts: IDataObject[], simple: boolean): IDataObject[] {
	return simple ? contacts.map(simplifyContact) : contacts;
}

/** The handful of contact fields most workflows use. */
export function simplifyContact(contact: IDataObject): IDataObject {
	return {
		id: contact.id,
		name: contact.name ?? null,
		phoneNumber: contact.phoneNumber ?? null,
		email: contact.email ?? null,
		instagram: contact.instagram ?? null,
		status: contact.status ?? null,
		tagNames: contact.tagNames ?? [],
		updatedAt: contact.updatedAt ?? null,
	};
}
