'use strict';

/**
 * How the chat and CRM lists order their records: by the time OrderBy names (any case, as ASP.NET
 * binds it), createdAt when it names no time of the record; ties by createdAt, then by the order the
 * records were stored in, so pages never overlap. The answer's `orderBy` says which order was used.
 */

/** @param {string|null} raw @param {string[]} fields */
function orderOf(raw, fields) {
	const wanted = String(raw ?? '').toLowerCase();
	return fields.find((field) => field.toLowerCase() === wanted) ?? 'createdAt';
}

/** A comparator (for a stable sort) on `field`; a record without that time comes first. @param {string} field @param {string} direction */
function byField(field, direction) {
	const sign = direction === 'DESCENDING' ? -1 : 1;
	return (a, b) => {
		const x = a[field] ?? '';
		const y = b[field] ?? '';
		const r = x < y ? -1 : x > y ? 1 : a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
		return r * sign;
	};
}

module.exports = { orderOf, byField };
