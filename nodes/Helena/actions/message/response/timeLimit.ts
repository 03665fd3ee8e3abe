import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readBoolean, readDate, readLocalDateTime, readNumber, readOption } from '../../../helpers';

/* How long a Send and Wait waits: until an interval has passed or a moment has come, or without a limit. */

/** n8n's own "wait without a limit" moment (n8n-workflow's WAIT_INDEFINITELY, not exported by every n8n line). */
const WAIT_INDEFINITELY = new Date('3000-01-01T00:00:00.000Z');

export const timeLimitProperties: INodeProperties[] = [
	{
		displayName: 'Limit Wait Time',
		name: 'limitWaitTime',
		type: 'boolean',
		default: true,
		description:
			'Whether the workflow continues without an answer after a time limit (with response "noResponse"); without a limit it waits until someone answers',
	},
	{
		displayName: 'Limit Type',
		name: 'limitType',
		type: 'options',
		default: 'afterTimeInterval',
		displayOptions: { show: { limitWaitTime: [true] } },
		options: [
			{ name: 'After Time Interval', value: 'afterTimeInterval', description: 'Waits for a certain amount of time' },
			{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Waits until a date and time' },
		],
	},
	{
		displayName: 'Amount',
		name: 'resumeAmount',
		type: 'number',
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		default: 1,
		description: 'How long to wait for an answer',
		displayOptions: { show: { limitWaitTime: [true], limitType: ['afterTimeInterval'] } },
	},
	{
		displayName: 'Unit',
		name: 'resumeUnit',
		type: 'options',
		default: 'days',
		displayOptions: { show: { limitWaitTime: [true], limitType: ['afterTimeInterval'] } },
		options: [
			{ name: 'Minutes', value: 'minutes' },
			{ name: 'Hours', value: 'hours' },
			{ name: 'Days', value: 'days' },
		],
	},
	{
		displayName: 'Max Date and Time',
		name: 'maxDateAndTime',
		type: 'dateTime',
		default: '',
		description:
			"When the workflow stops waiting and continues without an answer. A time without an offset is read in the workflow's timezone.",
		displayOptions: { show: { limitWaitTime: [true], limitType: ['atSpecifiedTime'] } },
	},
];

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** The moment the wait ends without an answer, and whether that is a real limit. */
export function readWaitTill(context: IExecuteFunctions, itemIndex: number): { waitTill: Date; limited: boolean } {
	if (!readBoolean(context, context.getNodeParameter('limitWaitTime', itemIndex, true), 'Limit Wait Time', itemIndex, true)) {
		return { waitTill: WAIT_INDEFINITELY, limited: false };
	}
	const type = readOption(
		context,
		context.getNodeParameter('limitType', itemIndex, 'afterTimeInterval'),
		['afterTimeInterval', 'atSpecifiedTime'],
		'Limit Type',
		itemIndex,
	);
	if (type === 'atSpecifiedTime') {
		const at = readDate(context, context.getNodeParameter('maxDateAndTime', itemIndex, ''), 'Max Date and Time', itemIndex);
		if (!at) throw invalidInput(context, 'Max Date and Time', 'is empty', itemIndex);
		// a time without an offset is on the workflow's clock, as the editor shows it
		const waitTill = new Date(readLocalDateTime(context, at, context.getTimezone(), 'Max Date and Time', itemIndex) ?? NaN);
		if (waitTill.getTime() <= Date.now()) {
			throw invalidInput(context, 'Max Date and Time', `is in the past (${at}): nobody could answer in time`, itemIndex);
		}
		return { waitTill: beforeNoLimit(context, waitTill, 'Max Date and Time', itemIndex), limited: true };
	}
	const amount = readNumber(context, context.getNodeParameter('resumeAmount', itemIndex, 1), 'Amount', itemIndex, { min: 0.01 }) ?? 1;
	const unit = readOption(
		context,
		context.getNodeParameter('resumeUnit', itemIndex, 'days'),
		['minutes', 'hours', 'days'],
		'Unit',
		itemIndex,
	);
	const waitTill = new Date(Date.now() + Math.round(amount * UNIT_MS[unit]));
	return { waitTill: beforeNoLimit(context, waitTill, 'Amount', itemIndex), limited: true };
}

/** A limit must end before n8n's "no limit" moment; one past it (or past what a date can hold) is refused, never a link with `NaN`. */
function beforeNoLimit(context: IExecuteFunctions, waitTill: Date, field: string, itemIndex: number): Date {
	if (Number.isFinite(waitTill.getTime()) && waitTill.getTime() < WAIT_INDEFINITELY.getTime()) return waitTill;
	throw invalidInput(
		context,
		field,
		`makes a time limit past ${WAIT_INDEFINITELY.toISOString()}, n8n's "no limit": turn off Limit Wait Time to wait without a limit`,
		itemIndex,
	);
}
