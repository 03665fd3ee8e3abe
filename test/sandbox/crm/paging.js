'use strict';

/** The CRM's page envelope and date windows, shared by its lists. */

const { optEnum, optDate, queryInt, pageBounds } = require('../validate');
const { byField, orderOf } = require('../listOrder');
const { isAfter } = require('../afterBound');

/** A filter for CreatedAt/UpdatedAt .Before/.After on records with createdAt/updatedAt. */
function windowFilter(query) {
	const bounds = ['CreatedAt', 'UpdatedAt'].flatMap((field) =>
		['Before', 'After'].map((side) => [
			field === 'CreatedAt' ? 'createdAt' : 'updatedAt',
			side,
			optDate(query.get(`${field}.${side}`), `${field}.${side}`),
		]),
	);
	return (record) => bounds.every(([field, side, at]) => !at || (side === 'Before' ? record[field] < at : isAfter(record[field], at)));
}

/** One page of `records` (oldest first unless DESCENDING), in the CRM's envelope. */
function pageOf(query, records, toPublic) {
	const { pageNumber, pageSize } = pageBounds(
		Math.max(1, queryInt(query.get('PageNumber'), 'PageNumber') ?? 1),
		queryInt(query.get('PageSize'), 'PageSize'),
	);
	const direction = optEnum(query.get('OrderDirection'), ['ASCENDING', 'DESCENDING'], 'OrderDirection') ?? 'ASCENDING';
	const order = orderOf(query.get('OrderBy'), ['createdAt', 'updatedAt']);
	const sorted = [...records].sort(byField(order, direction));
	const totalPages = Math.ceil(sorted.length / pageSize);
	const start = (pageNumber - 1) * pageSize;
	return {
		pageNumber,
		pageSize,
		orderBy: order,
		orderDirection: direction,
		items: sorted.slice(start, start + pageSize).map(toPublic),
		totalItems: sorted.length,
		totalPages,
		hasMorePages: pageNumber < totalPages,
	};
}

module.exports = { pageOf, windowFilter };
