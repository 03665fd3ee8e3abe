import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, perExecution, readText } from '../../helpers';
import { listTagColors } from '../../transport';

/** Helena's limit on a tag's name. */
export const MAX_TAG_NAME = 255;

export function colorField(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Color Name or ID',
		name: 'color',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getTagColors' },
		default: '',
		description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: 'A colour Helena offers for tags (the text colour follows): by name such as BLUE_300, or by its hex such as #90CAF9',
		...overrides,
	};
}

/** The palette, read once per execution. */
const colorsOfExecution = perExecution(async (context: IExecuteFunctions) => (await listTagColors.call(context)) ?? []);

/**
 * A colour as Helena names it (BLUE_300), from its name in any letter case or its background hex;
 * one Helena does not offer is refused, with the ones it does, before the tag is written.
 */
export async function readTagColor(context: IExecuteFunctions, value: unknown, itemIndex: number): Promise<string | undefined> {
	const given = (readText(context, value, 'Color Name or ID', itemIndex) ?? '').trim();
	if (!given) return undefined;
	const palette = (await colorsOfExecution(context)) as IDataObject[];
	const wanted = given.toLowerCase();
	const found = palette.find(
		(entry) => String(entry.color ?? '').toLowerCase() === wanted || String(entry.bgColor ?? '').toLowerCase() === wanted,
	);
	if (!found) {
		throw invalidInput(
			context,
			'Color Name or ID',
			`is "${given}", which is not a colour Helena offers for tags`,
			itemIndex,
			`Helena offers: ${palette.map((entry) => String(entry.color)).join(', ')}.`,
		);
	}
	return String(found.color);
}
