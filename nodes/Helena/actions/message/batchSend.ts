import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { invalidInput, runItemChecks } from '../../helpers';
import { helenaRequest, itemRanges, markOutcome, refusedItem, runBatches } from '../../transport';
import type { RecordRef } from '../../transport';
import { readPhone } from '../send/sendFields';

/* Sends of one template or chatbot to many recipients: input items become recipients, 100 per request. */

/** The most messages one batch request carries (the template batch's documented maximum; the chatbot batch states none). */
export const BATCH_RECIPIENTS = 100;

export const phoneListField: INodeProperties = {
	displayName: 'Phone Number',
	name: 'phoneNumber',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. {{ $json.phone }}',
	description: `The recipient of each input item, with country code (usually an expression). An item may also give a list of up to ${BATCH_RECIPIENTS} numbers (an array or comma-separated).`,
	hint: `Input items become recipients, sent ${BATCH_RECIPIENTS} per request; each output item carries its message ID or its failure`,
};

/**
 * The recipients of one item: one number, or a list (an array, or text separated by commas, semicolons
 * or line breaks); more than a batch holds, or one number twice, is refused before anything is sent.
 */
export function readPhoneList(context: IExecuteFunctions, value: unknown, itemIndex: number): string[] {
	const entries = Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(/[,;\n]/) : [value];
	const given = entries.filter((entry) => !(typeof entry === 'string' && entry.trim() === ''));
	if (given.length === 0) return [readPhone(context, '', itemIndex)];
	if (given.length > BATCH_RECIPIENTS) {
		throw invalidInput(
			context,
			'Phone Number',
			`has ${given.length} numbers in one item; one request takes at most ${BATCH_RECIPIENTS}`,
			itemIndex,
			'Give one recipient per input item (split a list into items with a Split Out node): the node then sends them in requests of 100.',
		);
	}
	const phones = given.map((entry) => readPhone(context, entry, itemIndex));
	const digits = phones.map((phone) => phone.replace(/\D/g, ''));
	const twice = phones.find((_, position) => digits.indexOf(digits[position]) !== position);
	if (twice !== undefined) {
		throw invalidInput(context, 'Phone Number', `has the number ${twice} twice; it would receive the message twice`, itemIndex);
	}
	return phones;
}

/** What one input item sends: the body keys every message of its request shares, and its own messages. */
export interface ItemSend {
	shared: IDataObject;
	messages: IDataObject[];
	/** The records the shared keys name (template or chatbot, channel, department, user), for a "not found". */
	records: RecordRef[];
	/** What the item stores before it is sent (a header file from a binary field), run once every item is checked. */
	prepare?: () => Promise<void>;
}

interface PendingItem extends ItemSend {
	itemIndex: number;
}

/** The items of one request: consecutive items with the same shared keys, never more than BATCH_RECIPIENTS messages. */
function packRequests(pending: PendingItem[]): PendingItem[][] {
	const groups = new Map<string, PendingItem[]>();
	for (const item of pending) {
		const key = JSON.stringify(item.shared);
		const group = groups.get(key);
		if (group) group.push(item);
		else groups.set(key, [item]);
	}
	const requests: PendingItem[][] = [];
	for (const items of groups.values()) {
		let current: PendingItem[] = [];
		let count = 0;
		for (const item of items) {
			if (count + item.messages.length > BATCH_RECIPIENTS) {
				requests.push(current);
				current = [];
				count = 0;
			}
			current.push(item);
			count += item.messages.length;
		}
		if (current.length) requests.push(current);
	}
	return requests;
}

/** Each item's results, paired by the reference the result names or by position, or an error naming the items. */
function pairResults(context: IExecuteFunctions, part: PendingItem[], results: unknown): IDataObject[][] {
	const messages = part.flatMap((item) => item.messages);
	const items = `items ${itemRanges(part.map(({ itemIndex }) => itemIndex))}`;
	const unpaired = (what: string) => {
		const error = new NodeOperationError(context.getNode(), `Helena answered ${what}, so they cannot be paired with ${items}`, {
			itemIndex: part[0].itemIndex,
			description: 'Helena accepted the request, so the messages may have been sent: check in Helena before running these items again.',
		});
		// Helena answered 2xx: the request was applied, only its account is unreadable
		return markOutcome(error, 'unknown');
	};
	if (!Array.isArray(results) || results.length !== messages.length) {
		const count = Array.isArray(results) ? results.length : 'no list of';
		throw unpaired(`${count} results for a batch of ${messages.length} messages`);
	}
	const answered = results as IDataObject[];
	const referenceOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
	const references = part.map((item) => referenceOf(item.messages[0]?.senderId));
	// every item gives its own reference (Your Reference) and every result names one: each result is its item's by
	// the senderId it names, in any order
	const ownReferences = references.every((reference) => reference !== undefined) && new Set(references).size === references.length;
	if (ownReferences && answered.every((result) => referenceOf(result.senderId) !== undefined)) {
		const byReference = new Map<string, IDataObject[]>();
		for (const result of answered) {
			const reference = referenceOf(result.senderId) ?? '';
			byReference.set(reference, [...(byReference.get(reference) ?? []), result]);
		}
		const wrong = part.filter((item, i) => (byReference.get(references[i] as string)?.length ?? 0) !== item.messages.length);
		if (wrong.length) {
			const named = wrong.map((item) => `item ${item.itemIndex} ('${references[part.indexOf(item)]}')`).join(', ');
			throw unpaired(`results whose references (senderId) do not match those sent: ${named} did not get one result per message`);
		}
		return part.map((_, i) => byReference.get(references[i] as string) as IDataObject[]);
	}
	// otherwise by position (the order of the messages sent), checked wherever a result names a reference
	let position = 0;
	const paired: IDataObject[][] = [];
	const disordered: number[] = [];
	for (const item of part) {
		const own = answered.slice(position, position + item.messages.length);
		const sentReference = referenceOf(item.messages[0]?.senderId);
		const named = own.map((result) => referenceOf(result.senderId)).filter((reference) => reference !== undefined);
		if (named.some((reference) => reference !== sentReference)) disordered.push(item.itemIndex);
		paired.push(own);
		position += item.messages.length;
	}
	if (disordered.length) {
		const which = `${disordered.length > 1 ? 'items' : 'item'} ${itemRanges(disordered)}`;
		throw unpaired(`results in another order than the messages sent (${which} got a result naming another reference)`);
	}
	return paired;
}

async function sendRequest(context: IExecuteFunctions, path: string, part: PendingItem[]): Promise<IDataObject[][]> {
	const messages = part.flatMap((item) => item.messages);
	const answer = (await helenaRequest.call(context, {
		service: 'chat',
		method: 'POST',
		path,
		body: { ...part[0].shared, messages },
		itemIndex: part[0].itemIndex,
		records: part[0].records,
		sends: messages.length,
	})) as IDataObject;
	return pairResults(context, part, answer.results);
}

/**
 * Reads every item first (a bad item stops the node before anything is sent, or becomes its own error
 * item under Continue On Fail), then sends the recipients in requests of at most BATCH_RECIPIENTS, one
 * after the other. Each recipient's result (its message ID, or its failure) is output paired to its item: by the
 * reference (senderId) the result names when every item of the request gives its own, else by position, and a
 * count or a reference that does not match is an error naming the items, never a silent mispairing.
 * A request is never repeated after a lost answer (the transport's rule for sends): when one fails, the
 * error names the items sent, not sent and unknown (the batch account), and without Continue On Fail nothing more is sent.
 */
export async function sendInBatches(
	context: IExecuteFunctions,
	path: string,
	read: (itemIndex: number) => Promise<ItemSend>,
): Promise<INodeExecutionData[]> {
	const count = context.getInputData().length;
	const output: INodeExecutionData[][] = Array.from({ length: count }, () => []);
	const pending: PendingItem[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			runItemChecks(context, itemIndex);
			pending.push({ itemIndex, ...(await read(itemIndex)) });
		} catch (error) {
			output[itemIndex] = [refusedItem(context, error, itemIndex)];
		}
	}
	const ready: PendingItem[] = [];
	for (const item of pending) {
		try {
			await item.prepare?.();
			ready.push(item);
		} catch (error) {
			output[item.itemIndex] = [refusedItem(context, error, item.itemIndex)];
		}
	}

	const parts = packRequests(ready).map((items) => ({ items, itemIndexes: items.map(({ itemIndex }) => itemIndex) }));
	await runBatches(context, output, {
		parts,
		// a send sent again reaches the recipient twice
		repeat: { harmless: false, would: 'send their messages again' },
		send: async ({ items }) => {
			const results = await sendRequest(context, path, items);
			items.forEach(({ itemIndex }, i) => {
				output[itemIndex] = results[i].map((result) => ({ json: result, pairedItem: { item: itemIndex } }));
			});
		},
	});
	return output.flat();
}
