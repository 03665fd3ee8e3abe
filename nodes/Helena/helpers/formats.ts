/*
 * The formats Helena's API reference gives its values (`uuid`, `email`, `date-time`, `uri`): one rule
 * each. `formatProblem` says why a value is not of its format; the readers of `input.ts` use it for the
 * parameters they read, and the transport checks every field the reference formats before sending.
 */

import { shown } from './redact';

export type ValueFormat = 'uuid' | 'email' | 'date-time' | 'uri';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
	return typeof value === 'string' && UUID.test(value);
}

/**
 * Whether a UTF-16 code unit is a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F).
 * Tested by code rather than by a regex class, because n8n's lint refuses control characters in a regex
 * (`no-control-regex`).
 */
export function isControlCode(code: number): boolean {
	return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** The position of the first code unit of a text that `matches` accepts, or -1. */
export function indexOfCode(text: string, matches: (code: number) => boolean): number {
	for (let index = 0; index < text.length; index++) if (matches(text.charCodeAt(index))) return index;
	return -1;
}

/** A code unit as Unicode writes it: `U+202E`. */
export function unicodeName(code: number): string {
	return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Control characters, Unicode line breaks and the marks that reorder text (bidi) or hide in it (zero-width). */
const isHidden = (code: number) =>
	isControlCode(code) ||
	code === 0x061c ||
	(code >= 0x200b && code <= 0x200f) ||
	(code >= 0x2028 && code <= 0x202e) ||
	(code >= 0x2060 && code <= 0x2069) ||
	code === 0xfeff;

/** The first hidden character of a text, as "U+202E at position 5", or undefined. */
export function hiddenCharacter(text: string): string | undefined {
	const index = indexOfCode(text, isHidden);
	return index < 0 ? undefined : `${unicodeName(text.charCodeAt(index))} at position ${index + 1}`;
}

/** RFC 5321's limits: 64 characters before the @, 254 in all. */
const MAX_EMAIL = 254;
const MAX_LOCAL_PART = 64;
/** What may stand before the @ (RFC 5322's atext, letters of any script included); no quotes, spaces or markup. */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A host name of two labels or more, each of letters, digits and inner hyphens, up to 63 characters. */
const DOMAIN = /^(?=.{1,253}$)([\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

export function emailProblem(text: string): string | undefined {
	const hidden = hiddenCharacter(text);
	if (hidden) return `contains an invisible or control character (${hidden})`;
	if (text.length > MAX_EMAIL) return `is longer than ${MAX_EMAIL} characters (${text.length})`;
	if (/[<>()[\]\\,;:"\s]/.test(text)) return 'contains a space, quote, bracket or markup character';
	const at = text.lastIndexOf('@');
	if (at < 0 || text.indexOf('@') !== at) return 'must contain exactly one @';
	const local = text.slice(0, at);
	const domain = text.slice(at + 1);
	if (local.length === 0 || local.length > MAX_LOCAL_PART) return `must have 1 to ${MAX_LOCAL_PART} characters before the @`;
	if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
		return 'must not start or end with a dot before the @, nor have two dots in a row';
	}
	if (!LOCAL_PART.test(local)) return 'has a character that is not allowed before the @';
	if (!DOMAIN.test(domain)) return `must end in a domain such as example.com after the @, not ${shown(domain)}`;
	return undefined;
}

/** The widest offset from UTC a date and time may carry, either way: .NET's `DateTimeOffset` accepts -14:00 to +14:00 (every timezone lies within). */
export const MAX_OFFSET_MINUTES = 14 * 60;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Why an offset (`+05:30`, `-0300`, `Z`) is not one a date and time can carry, or undefined: ISO 8601 and
 * RFC 3339 allow minutes 00–59 only, and no timezone is more than 14 hours from UTC (`+24:00`, `+05:60` and
 * `-12:99` would otherwise reach `Date.parse` and come out as an invalid time).
 */
export function offsetProblem(offset: string | undefined): string | undefined {
	const parts = /^[+-](\d{2}):?(\d{2})$/.exec(offset ?? '');
	if (!parts) return undefined;
	const [hours, minutes] = [Number(parts[1]), Number(parts[2])];
	if (minutes <= 59 && hours * 60 + minutes <= MAX_OFFSET_MINUTES) return undefined;
	return `its offset ${offset} is not one a date and time can carry (from -${hhmm(MAX_OFFSET_MINUTES)} to +${hhmm(MAX_OFFSET_MINUTES)}, minutes 00 to 59)`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function dateTimeProblem(text: string): string | undefined {
	const parts = DATE_TIME.exec(text);
	const wrong = 'must be an ISO 8601 date and time such as 2026-03-07T14:30:00Z';
	if (!parts) return wrong;
	const [, year, month, day, hour, minute, second] = parts.map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
	if (!realDay) return `${wrong}; ${text.slice(0, 10)} is not a day of the calendar`;
	if (hour > 23 || minute > 59 || (second || 0) > 59) return `${wrong}; ${text.slice(11, 19)} is not a time of day`;
	const offset = offsetProblem(parts[7]);
	if (offset) return `${wrong}; ${offset}`;
	return undefined;
}

export function uriProblem(text: string): string | undefined {
	const hidden = hiddenCharacter(text);
	if (hidden) return `contains a control character, line break or invisible mark (${hidden}); remove it`;
	if (/\s/.test(text)) return `contains a space at position ${text.search(/\s/) + 1}; encode it as %20`;
	try {
		const { protocol } = new URL(text);
		if (protocol === 'http:' || protocol === 'https:') return undefined;
	} catch {
		// refused below
	}
	return `must be an http:// or https:// URL, not ${shown(text)}`;
}

/** Why a value is not of the format, or undefined when it is. */
export function formatProblem(format: ValueFormat, value: unknown): string | undefined {
	if (typeof value !== 'string') return `must be text in the ${format} format, not ${value === null ? 'null' : typeof value}`;
	if (format === 'uuid') return UUID.test(value) ? undefined : 'must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6';
	if (format === 'email') return emailProblem(value);
	if (format === 'date-time') return dateTimeProblem(value);
	return uriProblem(value);
}
