import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readBoolean, readNumber } from '../../helpers';
import type { PagingOptions } from '../../transport';

/* Return All / Limit and Simplify: how every listing pages and shapes its output. */

export const returnAllField: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitField: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/** The Simplify switch, its hint saying what the simplified output holds. */
export function simplifyFieldShowing(hint: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simple',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint,
	};
}

/** Return All / Limit of one item; a limit below 1 is an input error. */
export function readPaging(context: IExecuteFunctions, itemIndex: number): PagingOptions {
	const returnAll = readBoolean(context, context.getNodeParameter('returnAll', itemIndex, false), 'Return All', itemIndex);
	if (returnAll) return { returnAll };
	const limit = readNumber(context, context.getNodeParameter('limit', itemIndex, 50), 'Limit', itemIndex, { min: 1, whole: true }) ?? 50;
	return { returnAll, limit };
}

/** The Simplify switch of one item. */
export function readSimple(context: IExecuteFunctions, itemIndex: number): boolean {
	return readBoolean(context, context.getNodeParameter('simple', itemIndex, true), 'Simplify', itemIndex, true);
}
