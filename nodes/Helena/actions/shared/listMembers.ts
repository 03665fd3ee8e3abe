import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { invalidInput, isPhoneWithCountryCode, readList, runPerItem, shown, runItemChecks } from '../../helpers';
import { fetchAllPages, helenaRequest, recordIn, refusedItem, runBatches } from '../../transport';
import type { HelenaRequest, HelenaService, RecordRef, RepeatEffect } from '../../transport';
import { contactRecords, readContactTarget } from './contactLocator';
import { simplifyFieldShowing } from './paging';

/*
 * Contacts in and out of a list: a sequence (chat service) or a portfolio (core). One contact per item
 * by ID or phone, or many: every item names contacts by IDs and phone numbers, and the items go to
 * Helena in batch requests of at most BATCH_SIZE contacts, each output item paired to its input.
 */

/** The most contacts one batch request carries (the package's batch size; Helena's contact batch takes 100). */
export const BATCH_SIZE = 100;
/** Batch requests sent side by side; the request budget still paces them. */
const CONCURRENT_BATCHES = 4;

export interface ContactList {
	/** `sequence` or `portfolio`: the output key is `<noun>Id`. */
	noun: 'sequence' | 'portfolio';
	service: HelenaService;
	/** `/v1/sequence/{id}/contact`, encoded. */
	contactsPath(id: string): string;
	readListId(context: IExecuteFunctions, itemIndex: number): string;
	record(id: string): RecordRef;
	/** One page of the account's lists of this kind (to tell an empty list from an unknown one). */
	listsPage: (qs: IDataObject, pageNumber: number, pageSize: number, itemIndex?: number) => HelenaRequest;
	/** Whether adding again does no harm (a portfolio); re-adding a contact to a sequence may start it over, so that is never repeated. */
	addIsRepeatable: boolean;
}

/** A phone number of a batch: with country code, 10 to 15 digits, as Helena stores it or as digits. */
function readBatchPhone(context: IExecuteFunctions, phone: string, label: string, itemIndex: number): string {
	if (!isPhoneWithCountryCode(phone)) {
		throw invalidInput(context, label, `has ${shown(phone)}, which is not a phone number with country code (10 to 15 digits)`, itemIndex);
	}
	return phone;
}

// ---- one contact per item ----

export async function addOne(this: IExecuteFunctions, list: ContactList): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const listId = list.readListId(this, itemIndex);
		const target = readContactTarget(this, itemIndex);
		return (await helenaRequest.call(this, {
			service: list.service,
			method: 'POST',
			path: list.contactsPath(listId),
			body: target.byPhone ? { phoneNumber: target.value } : { contactId: target.value },
			itemIndex,
			repeatable: list.addIsRepeatable,
			records: [list.record(listId), contactRecords(target)[0]],
			answer: 'object',
		})) as IDataObject;
	});
}

/**
 * A removal's repeat after a lost answer is never "done" by a "not found": Helena answers the removal of a
 * contact that is not in the list with success, so a "not found" names the list or the contact, which a
 * removal does not delete.
 */
const NEVER_DONE = () => false;

export async function removeOne(this: IExecuteFunctions, list: ContactList): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => {
		const listId = list.readListId(this, itemIndex);
		const target = readContactTarget(this, itemIndex);
		const contact = target.byPhone ? { phoneNumber: target.value } : { contactId: target.value };
		await helenaRequest.call(this, {
			service: list.service,
			method: 'DELETE',
			path: list.contactsPath(listId),
			body: contact,
			itemIndex,
			records: [list.record(listId), contactRecords(target)[0]],
			alreadyDone: NEVER_DONE,
		});
		return { removed: true, [`${list.noun}Id`]: listId, ...contact };
	});
}

// ---- many contacts per request ----

export function batchContactFields(list: ContactList, phoneNumbersField: Partial<INodeProperties>): INodeProperties[] {
	return [
		{
			displayName: 'Contact IDs',
			name: 'contactIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6, 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
			description: `IDs of the contacts of this item, separated by commas or as a list from an expression. The items go to Helena ${BATCH_SIZE} contacts per request.`,
		},
		{
			displayName: 'Phone Numbers',
			name: 'phoneNumbers',
			type: 'string',
			default: '',
			placeholder: 'e.g. +55|11999999999',
			description: 'Phone numbers (with country code) of the contacts of this item, separated by commas or as a list',
			...phoneNumbersField,
		},
		{
			displayName: `Every input item names its own contacts (and may name its own ${list.noun}); Helena receives them ${BATCH_SIZE} per request, and each output item is paired to its input item.`,
			name: 'batchNotice',
			type: 'notice',
			default: '',
		},
	];
}

interface PendingItem {
	itemIndex: number;
	listId: string;
	contactIds: string[];
	phoneNumbers: string[];
}

/** Every item's list and contacts, checked before any request; an item over the batch size is refused. */
function readPendingItem(context: IExecuteFunctions, list: ContactList, itemIndex: number): PendingItem {
	const listId = list.readListId(context, itemIndex);
	const contactIds = readList(context, context.getNodeParameter('contactIds', itemIndex, ''), 'Contact IDs', itemIndex, {
		uuids: true,
		unique: true,
	});
	const phoneNumbers = readList(context, context.getNodeParameter('phoneNumbers', itemIndex, ''), 'Phone Numbers', itemIndex, {
		unique: true,
	}).map((phone) => readBatchPhone(context, phone, 'Phone Numbers', itemIndex));
	const count = contactIds.length + phoneNumbers.length;
	if (count === 0) throw invalidInput(context, 'Contact IDs and Phone Numbers', 'are both empty: name at least one contact', itemIndex);
	if (count > BATCH_SIZE) {
		throw invalidInput(
			context,
			'Contact IDs and Phone Numbers',
			`name ${count} contacts; one request takes at most ${BATCH_SIZE}`,
			itemIndex,
			`Split them over several input items (for example with the Split Out node): the node sends the items ${BATCH_SIZE} contacts per request.`,
		);
	}
	return { itemIndex, listId, contactIds, phoneNumbers };
}

/** The items of each list, packed in order into requests of at most BATCH_SIZE contacts (an item is never split). */
function packRequests(pending: PendingItem[]): PendingItem[][] {
	const byList = new Map<string, PendingItem[]>();
	for (const item of pending) {
		const key = item.listId.toLowerCase();
		byList.set(key, [...(byList.get(key) ?? []), item]);
	}
	const requests: PendingItem[][] = [];
	for (const items of byList.values()) {
		let current: PendingItem[] = [];
		let size = 0;
		for (const item of items) {
			const count = item.contactIds.length + item.phoneNumbers.length;
			if (size + count > BATCH_SIZE && current.length) {
				requests.push(current);
				current = [];
				size = 0;
			}
			current.push(item);
			size += count;
		}
		if (current.length) requests.push(current);
	}
	return requests;
}

const unique = (values: string[], key = (value: string) => value) => {
	const seen = new Set<string>();
	return values.filter((value) => !seen.has(key(value)) && Boolean(seen.add(key(value))));
};
const digitsOf = (phone: unknown) => String(phone ?? '').replace(/\D/g, '');

/** The records of Helena's answer that belong to one item: by contact ID, or by the phone's digits. */
function recordsOf(item: PendingItem, records: IDataObject[]): IDataObject[] {
	const ids = new Set(item.contactIds.map((id) => id.toLowerCase()));
	const phones = new Set(item.phoneNumbers.map(digitsOf));
	return records.filter((record) => {
		const details = (record.contactDetails ?? {}) as IDataObject;
		return ids.has(String(record.contactId ?? '').toLowerCase()) || phones.has(digitsOf(details.phonenumber));
	});
}

/** What adding or removing again does to contacts a failed run handled already. */
function repeatEffect(list: ContactList, adding: boolean): RepeatEffect {
	if (!adding) return { harmless: true, because: `removing a contact that is not in the ${list.noun} changes nothing` };
	if (list.addIsRepeatable) return { harmless: true, because: `adding a contact that is in the ${list.noun} already adds it once` };
	return { harmless: false, would: `add their contacts to the ${list.noun} again, which may start it over for them` };
}

/** Add Contacts / Remove Contacts: one batch request per chunk, each item's output paired to it. */
export async function changeMany(this: IExecuteFunctions, list: ContactList, adding: boolean): Promise<INodeExecutionData[]> {
	const count = this.getInputData().length;
	const output = new Array<INodeExecutionData>(count);
	const pending: PendingItem[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			runItemChecks(this, itemIndex);
			pending.push(readPendingItem(this, list, itemIndex));
		} catch (error) {
			output[itemIndex] = refusedItem(this, error, itemIndex);
		}
	}

	const idKey = `${list.noun}Id`;
	const parts = packRequests(pending).map((items) => ({ items, itemIndexes: items.map(({ itemIndex }) => itemIndex) }));
	await runBatches(this, output, {
		parts,
		concurrency: CONCURRENT_BATCHES,
		repeat: repeatEffect(list, adding),
		send: async ({ items: part }) => {
			const listId = part[0].listId;
			const contactIds = unique(
				part.flatMap((item) => item.contactIds),
				(id) => id.toLowerCase(),
			);
			const phoneNumbers = unique(
				part.flatMap((item) => item.phoneNumbers),
				digitsOf,
			);
			const answer = (await helenaRequest.call(this, {
				service: list.service,
				method: adding ? 'POST' : 'DELETE',
				path: `${list.contactsPath(listId)}/batch`,
				body: { ...(contactIds.length ? { contactIds } : {}), ...(phoneNumbers.length ? { phoneNumbers } : {}) },
				itemIndex: part[0].itemIndex,
				repeatable: adding ? list.addIsRepeatable : true,
				records: [list.record(listId), recordIn('contact', 'Contact IDs')],
				...(adding ? {} : { alreadyDone: NEVER_DONE }),
				answer: adding ? 'page' : 'any',
			})) as IDataObject | undefined;
			const records = ((answer?.items as IDataObject[] | null | undefined) ?? []).filter((record) => record && typeof record === 'object');
			for (const item of part) {
				const json: IDataObject = {
					[adding ? 'added' : 'removed']: true,
					[idKey]: listId,
					contactIds: item.contactIds,
					phoneNumbers: item.phoneNumbers,
					...(adding ? { contacts: recordsOf(item, records) } : {}),
				};
				output[item.itemIndex] = { json, pairedItem: { item: item.itemIndex } };
			}
		},
	});
	return output;
}

// ---- the contacts of a list ----

export const simplifyMembersField: INodeProperties = simplifyFieldShowing(
	"Simplified: the contact's ID, name, phone number and email, and when it joined",
);

/** A list member as most workflows use it: the contact and when it joined. */
export function simplifyMember(record: IDataObject, list: ContactList): IDataObject {
	const details = (record.contactDetails ?? {}) as IDataObject;
	return {
		contactId: record.contactId ?? details.id ?? null,
		name: details.name ?? record.contactName ?? null,
		phoneNumber: details.phonenumber ?? null,
		email: details.email ?? null,
		[`${list.noun}Id`]: record[`${list.noun}Id`] ?? null,
		addedAt: record.lastAddedAt ?? record.createdAt ?? null,
	};
}

/**
 * A listing that came back empty: whether the list exists at all, since a list Helena does not have
 * may answer an empty page instead of "not found". It reads the account's lists.
 */
export async function requireExistingList(context: IExecuteFunctions, list: ContactList, listId: string, itemIndex: number): Promise<void> {
	const lists = await fetchAllPages.call(context, (n, size) => list.listsPage({}, n, size, itemIndex), { returnAll: true });
	if (lists.some((entry) => String(entry.id).toLowerCase() === listId.toLowerCase())) return;
	throw new NodeOperationError(context.getNode(), list.record(listId).message, {
		itemIndex,
		description: `Helena answered an empty list of contacts, and none of its ${list.noun}s has this ID. Pick the ${list.noun} from the list.`,
	});
}
