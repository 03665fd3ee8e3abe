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

/**
 * A number as Helena stores a contact it creates itself (someone writes, a message goes to a new number):
 * `+<country code>|<number>`, e.g. `+55|11999999999` (the demo contacts' form). The country code is taken as
 * two digits, as for Brazil.
 * @param {string} value
 */
function helenaPhone(value) {
	const d = phoneDigits(value);
	return `+${d.slice(0, 2)}|${d.slice(2)}`;
}

module.exports = { phoneDigits, formatPhone, helenaPhone };
