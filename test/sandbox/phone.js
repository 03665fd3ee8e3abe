'use strict';

/** Phones are stored as given; lookups and upsert matching compare digits only. */
function phoneDigits(value) {
	return typeof value === 'string' ? value.replace(/\D+/g, '') : '';
}

/**
 * `+55 11 99999-9999` for Brazilian numbers (55 + area code + 8 or 9 digits), `+<digits>` otherwise.
 * @param {string|null|undefined} value
 */
function formatPhone(value) {
	const d = phoneDigits(value);
	if (!d) return null;
	if (d.startsWith('55') && (d.length === 12 || d.length === 13)) {
		const local = d.slice(4);
		const cut = local.length - 4;
		return `+55 ${d.slice(2, 4)} ${local.slice(0, cut)}-${local.slice(cut)}`;
	}
	return `+${d}`;
}

module.exports = { phoneDigits, formatPhone };
