import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, perExecution, readText, requireUuid, UUID_PATTERN } from '../../helpers';
import { listTags } from '../../transport';
import type { RecordRef } from '../../transport';

/*
 * The one tag picker (from the list, by ID or by name), for the Tag resource and for any field that
 * names one tag (a conversation filter). A name is looked up in the account's tags once per execution.
 */

export function tagLocator(name: string, overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Tag',
		name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'A contact tag',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a tag...',
				typeOptions: { searchListMethod: 'searchTags', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3fa85f64-5717-4562-b3fc-2c963f66afa6',
				validation: [{ type: 'regex', properties: { regex: UUID_PATTERN, errorMessage: 'Not a tag ID (a UUID)' } }],
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. VIP',
				hint: 'The tag’s name; letter case does not matter',
			},
		],
		...overrides,
	};
}

/** The account's tags, read once per execution (a name given on 1,000 items costs one request). */
export const tagsOfExecution = perExecution(async (context: IExecuteFunctions) => (await listTags.call(context)) ?? []);

/** The tag with this ID or name among `tags` (IDs and names compared without regard to letter case). */
export function findTag(tags: IDataObject[], by: 'id' | 'name', value: string): IDataObject | undefined {
	const wanted = value.trim().toLowerCase();
	return tags.find(
		(tag) =>
			String((by === 'id' ? tag.id : tag.name) ?? '')
				.trim()
				.toLowerCase() === wanted,
	);
}

/**
 * The ID of the tag a locator value names: an ID as given (checked as a UUID), a name looked up among
 * the account's tags (refused, naming it, when no tag has it). `undefined` when the value is empty.
 */
export async function readTagLocator(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): Promise<string | undefined> {
	const { mode, value: given } = value && typeof value === 'object' ? (value as { mode?: string; value?: unknown }) : { mode: 'id', value };
	const text = (readText(context, given ?? null, label, itemIndex) ?? '').trim();
	if (!text) return undefined;
	if (mode !== 'name') return requireUuid(context, text, label, itemIndex);
	const tag = findTag(await tagsOfExecution(context), 'name', text);
	if (!tag)
		throw invalidInput(
			context,
			label,
			`names no tag of this account: there is no tag called "${text}"`,
			itemIndex,
			'Pick the tag from the list, or check its spelling in Helena.',
		);
	return String(tag.id);
}

/** The ID of a required tag locator parameter. */
export async function readTagId(context: IExecuteFunctions, name: string, itemIndex: number): Promise<string> {
	const id = await readTagLocator(context, context.getNodeParameter(name, itemIndex), 'Tag', itemIndex);
	if (!id) throw invalidInput(context, 'Tag', 'is empty: pick a tag or give its ID or name', itemIndex);
	return id;
}

/** The tag a request is about, for a "not found" that names it. */
export const tagRecord = (id: string): RecordRef => ({
	kind: 'tag',
	value: id,
	message: `The tag with ID "${id}" was not found in Helena`,
});
