import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readDate, readText, shown } from '../../helpers';

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

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;

/** The timezone the schedule is read in: the one stated, or the workflow's; an unknown name is refused. */
function readTimezone(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const stated = (readText(context, value, 'Timezone', itemIndex) ?? '').trim();
	const zone = stated || context.getTimezone();
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
	} catch {
		throw invalidInput(context, 'Timezone', `"${zone}" is not a timezone name such as America/Sao_Paulo or UTC`, itemIndex);
	}
	return zone;
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetMs(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time names in a zone (the offset is taken again at the result, for daylight saving). */
function zonedInstant(wall: number, timeZone: string): number {
	const first = wall - offsetMs(wall, timeZone);
	return wall - offsetMs(first, timeZone);
}

export interface Schedule {
	/** What Helena takes: the instant in UTC. */
	scheduling: string;
	timezone: string;
}

/**
 * Scheduled At as an instant in UTC, read in the stated timezone unless it carries its own offset. A day
 * without a time, an impossible date, and a moment that is not in the future are refused here, before
 * any request (Helena would send a past schedule at once, or refuse it).
 */
export function readSchedule(context: IExecuteFunctions, value: unknown, timezone: unknown, itemIndex: number): Schedule {
	const zone = readTimezone(context, timezone, itemIndex);
	if (typeof value === 'string' && /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(value)) {
		throw invalidInput(context, 'Scheduled At', `needs a time as well as a day, such as ${value.trim()}T09:00:00`, itemIndex);
	}
	const text = readDate(context, value, 'Scheduled At', itemIndex);
	if (text === undefined) throw invalidInput(context, 'Scheduled At', 'is required: the date and time to send the message', itemIndex);
	let instant: number;
	if (HAS_OFFSET.test(text)) {
		instant = Date.parse(text);
	} else {
		const wall = WALL_TIME.exec(text);
		if (!wall)
			throw invalidInput(context, 'Scheduled At', `is not a date and time such as 2026-12-24T09:00:00: ${shown(value)}`, itemIndex);
		const [, year, month, day, hour, minute, second, fraction] = wall;
		const milliseconds = Number((fraction ?? '0').padEnd(3, '0').slice(0, 3));
		const utcWall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0), milliseconds);
		instant = zonedInstant(utcWall, zone);
	}
	if (!(instant > Date.now())) {
		throw invalidInput(
			context,
			'Scheduled At',
			`is in the past: ${text} (${HAS_OFFSET.test(text) ? 'as written' : zone}) is ${new Date(instant).toISOString()}, before now (${new Date().toISOString()})`,
			itemIndex,
			'A scheduled message must be sent later than now; to send at once, use Message → Send Template or Start Chatbot.',
		);
	}
	return { scheduling: new Date(instant).toISOString(), timezone: zone };
}
