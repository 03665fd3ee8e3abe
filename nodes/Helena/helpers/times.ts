import type { NodeContext } from './input';
import { invalidInput, readDate, readText } from './input';
import { shown } from './redact';

/*
 * Local times: a date and time read on the clock of a timezone. Where daylight saving moves the clock,
 * a local time may not exist (the hour skipped in spring) or exist twice (the hour repeated in autumn);
 * such a time is refused with both readings named, never moved by an hour without a word.
 */

/** The timezone a local time is read in: the one stated, or the workflow's; an unknown name is refused. */
export function readTimezone(context: NodeContext & { getTimezone(): string }, value: unknown, label: string, itemIndex: number): string {
	const stated = (readText(context, value, label, itemIndex) ?? '').trim();
	const zone = stated || context.getTimezone();
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
	} catch {
		throw invalidInput(context, label, `"${zone}" is not a timezone name such as America/Sao_Paulo or UTC`, itemIndex);
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

const DAY_MS = 86_400_000;

/** An offset as ISO 8601 writes it (-03:00). */
function offsetText(ms: number): string {
	const minutes = Math.round(Math.abs(ms) / 60_000);
	return `${ms < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The instants a wall-clock time (given as if it were UTC) names in a zone: one, none (the clock skips
 * it) or two (the clock passes it twice). Each is tried with the offset the zone has a day before and
 * a day after, which are the two readings around a daylight-saving change.
 */
function instantsOf(wall: number, timeZone: string): { instant: number; offset: number }[] {
	const offsets = [...new Set([offsetMs(wall - DAY_MS, timeZone), offsetMs(wall + DAY_MS, timeZone)])];
	return offsets
		.map((offset) => ({ instant: wall - offset, offset }))
		.filter(({ instant }) => instant + offsetMs(instant, timeZone) === wall);
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;

/**
 * A date and time as an instant (ms): a value with an offset (or Z) as written; a wall-clock time on the
 * clock of `zone`. A day without a time, a time the zone skips and one it has twice are refused; the
 * last two name both readings and say how to choose one.
 */
export function readLocalDateTime(
	context: NodeContext,
	value: unknown,
	zone: string,
	label: string,
	itemIndex: number,
): number | undefined {
	if (typeof value === 'string' && /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(value)) {
		throw invalidInput(context, label, `needs a time as well as a day, such as ${value.trim()}T09:00:00`, itemIndex);
	}
	const text = readDate(context, value, label, itemIndex);
	if (text === undefined) return undefined;
	if (HAS_OFFSET.test(text)) return Date.parse(text);
	const wall = WALL_TIME.exec(text);
	if (!wall) throw invalidInput(context, label, `is not a date and time such as 2026-12-24T09:00:00: ${shown(value)}`, itemIndex);
	const [, year, month, day, hour, minute, second, fraction] = wall;
	const milliseconds = Number((fraction ?? '0').padEnd(3, '0').slice(0, 3));
	const utcWall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0), milliseconds);
	const readings = instantsOf(utcWall, zone);
	if (readings.length === 1) return readings[0].instant;
	const around = [offsetMs(utcWall - DAY_MS, zone), offsetMs(utcWall + DAY_MS, zone)].map((offset) => ({
		instant: utcWall - offset,
		offset,
	}));
	const both = (readings.length === 2 ? readings : around)
		.sort((a, b) => a.instant - b.instant)
		.map(({ instant, offset }) => `${new Date(instant).toISOString()} (${text}${offsetText(offset)})`)
		.join(' or ');
	const what = readings.length === 0 ? 'does not exist' : 'happens twice';
	const why = readings.length === 0 ? 'the clock skips it' : 'the clock passes it twice';
	throw invalidInput(
		context,
		label,
		`${text} ${what} in ${zone} (${why} at a daylight-saving change): it could be ${both}`,
		itemIndex,
		`Write the time with its offset to say which one, such as ${text}${offsetText(around[0].offset)}, or choose another time.`,
	);
}
