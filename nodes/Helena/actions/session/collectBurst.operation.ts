import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	invalidInput,
	ItemWithBinary,
	optionsCollection,
	pause,
	READ_CONCURRENCY,
	readBoolean,
	readNumber,
	requireUuid,
	runPerItem,
} from '../../helpers';
import type { NodeContext } from '../../helpers';
import { apiPath, helenaRequest, withHelenaClock } from '../../transport';
import { readSessionId, sessionIdField, sessionRecord } from '../chat/locators';
import type { Reading } from './burst';
import { burstOutput, readBurst } from './burst';
import { claimBurst, otherClaimSince } from './burstClaim';
import { fetchSession } from './fetchSession';

/*
 * One answer per burst: every execution started by a received message waits for the quiet time, then reads the
 * conversation's newest messages (Helena's history is the one truth every webhook process and worker shares);
 * only the execution of the burst's last message goes on, carrying the whole burst. See docs/ai-agent.md.
 */

const MAX_QUIET_SECONDS = 60;
/** How long a second read waits for a message the first did not list yet (the history lags the delivery). */
const LAG_WAIT_MS = 1000;

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
			'How long the contact must stay silent before the burst goes on; a message after a longer silence starts a new burst. The node waits this long in every execution.',
	},
	optionsCollection([
		{
			displayName: 'Claim the Burst',
			name: 'claim',
			type: 'boolean',
			default: true,
			description:
				'Whether to write an internal note claiming the burst before it goes on, so that a message Helena delivered twice is answered once (one write and one read more per burst)',
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
	/** The quiet time in ms: between the burst and what follows, and between two bursts. */
	quietMs: number;
	/** Waited by n8n's Wait node before this node, in ms (0: this node waits the quiet time itself). */
	waitedMs: number;
	maxMessages: number;
	claim: boolean;
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
	return { sessionId, messageId, quietMs: Math.max(quietTime, waited) * 1000, waitedMs: waited * 1000, maxMessages, claim };
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
	return { items: Array.isArray(page.items) ? (page.items as IDataObject[]) : [], helenaNow: clock.first() };
}

function unusable(context: NodeContext, settings: Settings, reading: Reading, itemIndex: number): NodeOperationError | undefined {
	const { messageId, sessionId, maxMessages } = settings;
	const problem =
		reading.kind === 'absent'
			? `was not found in Helena among the newest ${maxMessages} messages of the conversation "${sessionId}", read twice a second apart`
			: reading.kind === 'notReceived'
				? 'is a message the team, a bot or the API sent, not one the contact wrote'
				: reading.kind === 'unreadable'
					? `cannot be weighed: Helena listed the message "${reading.id}" without a readable time`
					: undefined;
	if (!problem) return undefined;
	return new NodeOperationError(context.getNode(), `Message ID "${messageId}" ${problem} (item ${itemIndex})`, {
		itemIndex,
		description:
			reading.kind === 'absent'
				? "Message ID must be the received message the execution started from (Helena Trigger, Message Received: the content's ID); a burst longer than Max Messages needs a larger Max Messages."
				: undefined,
	});
}

/**
 * One item: nothing when a later execution owns the burst, else the burst, with the item's files (Helena Trigger's
 * Attach Media: the file of the message that ends the burst, e.g. an audio to transcribe).
 */
async function collect(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject[] | ItemWithBinary> {
	const settings = readSettings(context, itemIndex);
	// the delivery came after Helena stamped the message, so waiting the quiet time here covers it
	if (!settings.waitedMs) await pause(context, settings.quietMs);
	let reading: Reading = { kind: 'absent' };
	for (let read = 1; read <= 2; read++) {
		const { items, helenaNow } = await readNewest(context, settings, itemIndex);
		reading = readBurst(items, settings.messageId, settings.quietMs);
		if (read === 2) break;
		// after n8n's Wait node: what its interval leaves of the quiet time (it began after Helena stamped the message)
		const left = settings.waitedMs ? settings.quietMs - settings.waitedMs : 0;
		if (reading.kind === 'absent') {
			await pause(context, Math.max(LAG_WAIT_MS, left));
			continue;
		}
		if (reading.kind !== 'newest' || !settings.waitedMs) break;
		// and what remains by Helena's clock (only its stamps meet its Date): without a Date, what the interval leaves
		const remaining = Math.max(left, helenaNow === undefined ? 0 : settings.quietMs - (helenaNow - reading.entry.at));
		if (remaining <= 0) break;
		await pause(context, Math.min(remaining, MAX_QUIET_SECONDS * 1000));
	}
	const error = unusable(context, settings, reading, itemIndex);
	if (error) throw error;
	// a message written while the previous burst's answer was on its way: that answer follows it, but does not answer it
	if (reading.kind === 'followed' && reading.by === 'team' && settings.claim) {
		const pending = await otherClaimSince(context, settings.sessionId, reading.since, settings.messageId, itemIndex);
		if (pending) reading = { kind: 'newest', entry: reading.entry, burst: reading.burst };
	}
	if (reading.kind !== 'newest') return [];
	const session = await fetchSession(context, settings.sessionId, itemIndex);
	if (session.status === 'COMPLETED') return [];
	if (settings.claim) {
		const won = await claimBurst(context, settings.sessionId, settings.messageId, reading.entry.at, reading.burst.length, itemIndex);
		if (!won) return [];
	}
	const output = burstOutput(settings.sessionId, reading.burst);
	const binary = context.getInputData()[itemIndex]?.binary;
	return binary && Object.keys(binary).length ? new ItemWithBinary(output, binary) : [output];
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem.call(this, async (itemIndex) => await collect(this, itemIndex), { concurrency: READ_CONCURRENCY });
}
