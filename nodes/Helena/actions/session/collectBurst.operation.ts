import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	invalidInput,
	ItemWithBinary,
	optionsCollection,
	pause,
	READ_CONCURRENCY,
	readBoolean,
	readList,
	readNumber,
	requireUuid,
	runPerItem,
} from '../../helpers';
import type { NodeContext } from '../../helpers';
import { apiPath, helenaRequest, withHelenaClock } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';
import type { Entry, GoneOn } from './burst';
import { burstOutput, inHelenaOrder, newestFromContact, unanswered } from './burst';
import { claimBurst, claimedSoFar } from './burstClaim';
import type { Handoff } from './burstHandoff';
import { whyStepAside } from './burstHandoff';
import { fetchSession } from './fetchSession';

/*
 * One answer per burst: every execution started by a received message waits for the quiet time, then reads the
 * conversation's newest messages (Helena's history is the one truth every webhook process and worker shares). An
 * execution goes on when the contact has been quiet for the quiet time and something they wrote is unanswered,
 * carrying all of it; the claim on the notes lets only one go on. See docs/ai-agent.md.
 */

const MAX_QUIET_SECONDS = 60;
/** How long a second read waits for a message the first did not list yet (the history lags the delivery). */
const LAG_WAIT_MS = 1000;
/** The margin before the oldest message of the page that the claims are read from (another server's clock). */
const CLAIMS_MARGIN_MS = 1000;

const properties: INodeProperties[] = [
	{ ...sessionIdField, default: '={{ $json.content.sessionId }}' },
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '={{ $json.content.id }}',
		placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
		description: "The received message this execution started from: from Helena Trigger (Message Received), the content's ID",
	},
	{
		displayName: 'Quiet Time (Seconds)',
		name: 'quietTime',
		type: 'number',
		required: true,
		default: 5,
		typeOptions: { minValue: 1, maxValue: MAX_QUIET_SECONDS, numberPrecision: 0 },
		description:
			'How long the contact must stay silent before what they wrote goes on as one burst. The node waits this long in every execution.',
	},
	optionsCollection([
		{
			displayName: 'Claim the Burst',
			name: 'claim',
			type: 'boolean',
			default: true,
			description:
				'Whether to claim the burst with internal notes before it goes on, so that exactly one execution goes on even when Helena delivers a message twice (two notes and one read more per burst)',
		},
		{
			displayName: 'Departments the Assistant Serves',
			name: 'servedDepartments',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getDepartments' },
			default: [],
			description:
				'Nothing goes on while the conversation waits in any other department, e.g. after the assistant transferred it to people. Conversations in no department are always served. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Max Messages',
			name: 'maxMessages',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1, maxValue: 100, numberPrecision: 0 },
			description: "How many of the conversation's newest messages are read: a longer burst is cut to its newest messages",
		},
		{
			displayName: 'Step Aside After a Person Wrote (Minutes)',
			name: 'afterPersonMinutes',
			type: 'number',
			default: 30,
			typeOptions: { minValue: 0, numberPrecision: 0 },
			description: 'Nothing goes on for this long after an agent wrote in the conversation in Helena (0: no pause)',
		},
		{
			displayName: 'Step Aside When Assigned',
			name: 'stepAsideWhenAssigned',
			type: 'boolean',
			default: true,
			description: "Whether nothing goes on while an agent is assigned to the conversation, or Helena's chatbot runs in it",
		},
		{
			displayName: 'Waited Before (Seconds)',
			name: 'waitedBefore',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0, numberPrecision: 0 },
			description:
				"For a quiet time of minutes: the interval of n8n's Wait node (After Time Interval) placed before this node. It becomes the quiet time, and this node reads at once and waits only what Helena's clock says remains.",
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['session'], operation: ['collectBurst'] } }, properties);

interface Settings {
	sessionId: string;
	messageId: string;
	/** The quiet time in ms. */
	quietMs: number;
	/** Waited by n8n's Wait node before this node, in ms (0: this node waits the quiet time itself). */
	waitedMs: number;
	maxMessages: number;
	claim: boolean;
	handoff: Handoff;
}

function readDepartments(context: IExecuteFunctions, value: unknown, itemIndex: number): string[] | undefined {
	// the option not added: no department rule
	if (value === undefined) return undefined;
	const label = 'Departments the Assistant Serves';
	if (value === null) throw invalidInput(context, label, 'must be a list of department IDs', itemIndex);
	return readList(context, value, label, itemIndex, { uuids: true, unique: true }).map((id) => id.toLowerCase());
}

function readSettings(context: IExecuteFunctions, itemIndex: number): Settings {
	const sessionId = readSessionId(context, itemIndex);
	const messageId = requireUuid(context, context.getNodeParameter('messageId', itemIndex, ''), 'Message ID', itemIndex);
	const quietTime = readNumber(context, context.getNodeParameter('quietTime', itemIndex, ''), 'Quiet Time (Seconds)', itemIndex, {
		min: 1,
		max: MAX_QUIET_SECONDS,
		whole: true,
	});
	if (quietTime === undefined) throw invalidInput(context, 'Quiet Time (Seconds)', 'is empty', itemIndex);
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const maxMessages = readNumber(context, options.maxMessages, 'Max Messages', itemIndex, { min: 1, max: 100, whole: true }) ?? 50;
	const waited = readNumber(context, options.waitedBefore, 'Waited Before (Seconds)', itemIndex, { min: 0, whole: true }) ?? 0;
	const claim = readBoolean(context, options.claim, 'Claim the Burst', itemIndex, true);
	const afterPerson =
		readNumber(context, options.afterPersonMinutes, 'Step Aside After a Person Wrote (Minutes)', itemIndex, { min: 0, whole: true }) ?? 0;
	const handoff: Handoff = {
		whenAssigned: readBoolean(context, options.stepAsideWhenAssigned, 'Step Aside When Assigned', itemIndex, false),
		servedDepartments: readDepartments(context, options.servedDepartments, itemIndex),
		afterPersonMs: afterPerson * 60_000,
	};
	return { sessionId, messageId, quietMs: Math.max(quietTime, waited) * 1000, waitedMs: waited * 1000, maxMessages, claim, handoff };
}

/** The conversation's newest page of messages (one request), with Helena's time at its answer (ms, the Date's whole second). */
async function readNewest(context: IExecuteFunctions, settings: Settings, itemIndex: number) {
	const clock = withHelenaClock(context);
	const page = (await helenaRequest.call(clock.context, {
		service: 'chat',
		method: 'GET',
		path: apiPath`/v1/session/${settings.sessionId}/message`,
		qs: { OrderBy: 'createdAt', OrderDirection: 'DESCENDING', PageNumber: 1, PageSize: settings.maxMessages },
		itemIndex,
		records: [sessionRecord(settings.sessionId)],
	})) as IDataObject;
	const entries = inHelenaOrder(Array.isArray(page.items) ? (page.items as IDataObject[]) : []);
	return { entries, helenaNow: clock.first(), own: entries.find((entry) => entry.id === settings.messageId.toLowerCase()) };
}

type Page = Awaited<ReturnType<typeof readNewest>>;

function unusable(context: NodeContext, settings: Settings, own: Entry | undefined, itemIndex: number): NodeOperationError | undefined {
	const { messageId, sessionId, maxMessages } = settings;
	if (own?.author === 'contact') return undefined;
	const problem = own
		? 'is a message the team, a bot or the API sent, not one the contact wrote'
		: `was not found in Helena among the newest ${maxMessages} messages of the conversation "${sessionId}", read twice a second apart`;
	return new NodeOperationError(context.getNode(), `Message ID "${messageId}" ${problem} (item ${itemIndex})`, {
		itemIndex,
		description: own
			? undefined
			: "Message ID must be the received message the execution started from (Helena Trigger, Message Received: the content's ID); a burst longer than Max Messages needs a larger Max Messages.",
	});
}

/** Reads the page after the quiet time: a second time when the message is not listed yet, or (after a Wait node) when Helena's clock says time is left. */
async function readAfterQuiet(context: IExecuteFunctions, settings: Settings, itemIndex: number): Promise<Page> {
	// the delivery came after Helena stamped the message, so waiting the quiet time here covers it
	if (!settings.waitedMs) await pause(context, settings.quietMs);
	const page = await readNewest(context, settings, itemIndex);
	// after n8n's Wait node: what its interval leaves of the quiet time (it began after Helena stamped the message)
	const left = settings.waitedMs ? settings.quietMs - settings.waitedMs : 0;
	if (!page.own) {
		await pause(context, Math.max(LAG_WAIT_MS, left));
		return await readNewest(context, settings, itemIndex);
	}
	const newest = newestFromContact(page.entries);
	if (!settings.waitedMs || newest !== page.own) return page;
	// what remains by Helena's clock (only its stamps meet its Date): without either, what the interval leaves
	const stamp = page.own.stamp;
	const byHelena = page.helenaNow === undefined || stamp === undefined ? 0 : settings.quietMs - (page.helenaNow - stamp);
	const remaining = Math.max(left, byHelena);
	if (remaining <= 0) return page;
	await pause(context, Math.min(remaining, MAX_QUIET_SECONDS * 1000));
	return await readNewest(context, settings, itemIndex);
}

/** Why an item went on with nothing: in the node's output panel, and (see execute) in n8n's execution list. */
const reasons = new WeakMap<IExecuteFunctions, string>();

function noOutput(context: IExecuteFunctions, reason: string): [] {
	reasons.set(context, reason);
	context.addExecutionHints({ message: `Collect Burst: nothing went on: ${reason}`, location: 'outputPane' });
	return [];
}

/** An execution in which no item went on says why in n8n's execution list (its custom data `collectBurst`). */
function sayWhyInList(context: IExecuteFunctions, reason: string): void {
	const execution = context.getWorkflowDataProxy(0).$execution as { customData?: { set(key: string, value: string): void } } | undefined;
	try {
		execution?.customData?.set('collectBurst', reason.slice(0, 255));
	} catch {
		// custom data is for the execution list only; where n8n refuses it (too many keys), the hint still says it
	}
}

/**
 * One item: nothing when another execution carries the burst or nobody may answer, else the burst, with the item's
 * files when its message ends the burst (Helena Trigger's Attach Media, e.g. an audio to transcribe).
 */
async function collect(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject[] | ItemWithBinary> {
	const settings = readSettings(context, itemIndex);
	let { entries, helenaNow, own } = await readAfterQuiet(context, settings, itemIndex);
	const error = unusable(context, settings, own, itemIndex);
	if (error) throw error;
	let newest = newestFromContact(entries)!;
	if (newest !== own) {
		// the contact wrote later: that message's execution carries the burst, unless it is quiet already by
		// Helena's clock (a delivery late or lost): then this one does, and the claim keeps it to one
		const measurable = newest.stamp !== undefined && helenaNow !== undefined;
		if (measurable && helenaNow! - newest.stamp! < settings.quietMs)
			return noOutput(context, 'the contact wrote later; the execution of their newest message carries the burst');
		if (!measurable) {
			// no stamp or no Date to weigh the silence by: the quiet time once more, and the same message still the newest
			const later = newest.id;
			await pause(context, settings.quietMs);
			({ entries, helenaNow, own } = await readNewest(context, settings, itemIndex));
			newest = newestFromContact(entries)!;
			if (!own || newest.id !== later)
				return noOutput(context, 'the contact wrote later; the execution of their newest message carries the burst');
		}
	}
	// the claims are read from the page's oldest stamped message (with a margin for another server's clock)
	const oldestStamp = entries.find((entry) => entry.stamp !== undefined)?.stamp;
	const since = oldestStamp === undefined ? undefined : oldestStamp - CLAIMS_MARGIN_MS;
	const endStamp = (id: string) => entries.find((entry) => entry.id === id)?.at ?? -Infinity;
	let goneOn: GoneOn[] = [];
	if (!unanswered(entries, []).length) {
		// answered, unless what followed is the answer of a burst that went on meanwhile (its claim says)
		if (settings.claim) goneOn = await claimedSoFar(context, settings.sessionId, since, endStamp, itemIndex);
		if (!settings.claim || !unanswered(entries, goneOn).length)
			return noOutput(context, 'everything the contact wrote was answered already');
	}
	const session = await fetchSession(context, settings.sessionId, itemIndex);
	const aside = whyStepAside(session, entries, helenaNow ?? newest.at, settings.handoff);
	if (aside) return noOutput(context, aside);
	const burst = settings.claim
		? await claimBurst(context, {
				sessionId: settings.sessionId,
				end: { id: newest.id, at: newest.at },
				since,
				endStamp,
				burstAfter: (claims) => unanswered(entries, claims),
				itemIndex,
			})
		: unanswered(entries, []);
	if (!burst?.length) return noOutput(context, 'another execution went on with the burst');
	const output = burstOutput(settings.sessionId, burst);
	const binary = newest === own ? context.getInputData()[itemIndex]?.binary : undefined;
	return binary && Object.keys(binary).length ? new ItemWithBinary(output, binary) : [output];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const output = await runPerItem.call(this, async (itemIndex) => await collect(this, itemIndex), { concurrency: READ_CONCURRENCY });
	const reason = reasons.get(this);
	if (reason && !output.length) sayWhyInList(this, reason);
	return output;
}
