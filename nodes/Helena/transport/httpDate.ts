/* An HTTP-date as RFC 9110 writes it (a `Date` or `Retry-After` header), read strictly. */

const DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const MONTH = `(${MONTHS.join('|')})`;
/** The three forms of an HTTP-date (RFC 9110, section 5.6.7): IMF-fixdate, then the obsolete RFC 850 and asctime forms. */
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^(?:${DAYS}) ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

/**
 * An HTTP-date (a `Date` or `Retry-After` header) in ms since 1970, or undefined when the text is not one:
 * never the guess of `Date.parse`, which reads `wait 5` as a day of 2001.
 */
export function readHttpDate(text: string): number | undefined {
	let parts: { day: string; month: string; year: number; hour: string; minute: string; second: string } | undefined;
	let match = IMF_FIXDATE.exec(text);
	if (match) parts = { day: match[1], month: match[2], year: Number(match[3]), hour: match[4], minute: match[5], second: match[6] };
	match = parts ? null : RFC850_DATE.exec(text);
	if (match) {
		// a two-digit year more than 50 years ahead is the latest past year with those digits (RFC 9110)
		const year = 2000 + Number(match[3]);
		const thisYear = new Date().getUTCFullYear();
		parts = {
			day: match[1],
			month: match[2],
			year: year > thisYear + 50 ? year - 100 : year,
			hour: match[4],
			minute: match[5],
			second: match[6],
		};
	}
	match = parts ? null : ASCTIME_DATE.exec(text);
	if (match) parts = { month: match[1], day: match[2].trim(), hour: match[3], minute: match[4], second: match[5], year: Number(match[6]) };
	if (!parts) return undefined;
	const month = MONTHS.indexOf(parts.month);
	const [day, hour, minute, second] = [parts.day, parts.hour, parts.minute, parts.second].map(Number);
	const instant = Date.UTC(parts.year, month, day, hour, minute, second);
	const back = new Date(instant);
	// 31 Feb or 25:00 would roll over into another day: not a date
	if (back.getUTCDate() !== day || back.getUTCHours() !== hour || back.getUTCMinutes() !== minute || back.getUTCSeconds() !== second)
		return undefined;
	return instant;
}
