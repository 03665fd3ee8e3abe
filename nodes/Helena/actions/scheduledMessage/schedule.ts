import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readDate, readLocalDateTime, readTimezone } from '../../helpers';

/* When a scheduled message goes out: a date and time read in a stated timezone, never in the past. */

export const scheduledAtField: INodeProperties = {
	displayName: 'Scheduled At',
	name: 'scheduledAt',
	type: 'dateTime',
	required: true,
	default: '',
	description:
		'When Helena sends the message. Read in the Timezone below (by default the workflow\'s timezone); a value with an offset, such as "2026-12-24T09:00:00-03:00" or one ending in Z, is read as written.',
};

export const timezoneField: INodeProperties = {
	displayName: 'Timezone',
	name: 'timezone',
	type: 'string',
	default: '',
	placeholder: 'e.g. America/Sao_Paulo',
	description:
		"The timezone Scheduled At is read in (an IANA name). Empty: the workflow's timezone (Workflow Settings, else n8n's default).",
};

export interface Schedule {
	/** What Helena takes: the instant in UTC. */
	scheduling: string;
	timezone: string;
}

/**
 * Scheduled At as an instant in UTC, read in the stated timezone unless it carries its own offset (see
 * `readLocalDateTime`: a time daylight saving skips or repeats is refused). An impossible date and a
 * moment that is not in the future are refused here, before any request (Helena would send a past
 * schedule at once, or refuse it).
 */
export function readSchedule(context: IExecuteFunctions, value: unknown, timezone: unknown, itemIndex: number): Schedule {
	const zone = readTimezone(context, timezone, 'Timezone', itemIndex);
	const instant = readLocalDateTime(context, value, zone, 'Scheduled At', itemIndex);
	if (instant === undefined) throw invalidInput(context, 'Scheduled At', 'is required: the date and time to send the message', itemIndex);
	if (!(instant > Date.now())) {
		const text = readDate(context, value, 'Scheduled At', itemIndex) ?? '';
		throw invalidInput(
			context,
			'Scheduled At',
			`is in the past: ${text} (${/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? 'as written' : zone}) is ${new Date(instant).toISOString()}, before now (${new Date().toISOString()})`,
			itemIndex,
			'A scheduled message must be sent later than now; to send at once, use Message → Send Template or Start Chatbot.',
		);
	}
	return { scheduling: new Date(instant).toISOString(), timezone: zone };
}
