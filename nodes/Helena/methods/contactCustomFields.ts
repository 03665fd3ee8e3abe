import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listContactCustomFields } from '../transport';

/** Contact custom fields to pick by name; the option value is the key the API expects. */
export async function getContactCustomFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const definitions = await listContactCustomFields.call(this);
	const groups = new Map((definitions ?? []).filter((definition) => definition.type === 'GROUP').map((group) => [group.id, group.name]));
	return (definitions ?? [])
		.filter((definition) => definition.type !== 'GROUP' && typeof definition.key === 'string' && definition.key)
		.map((definition) => {
			const group = definition.parentId ? groups.get(definition.parentId) : undefined;
			return {
				name: String(definition.name ?? definition.key),
				value: String(definition.key),
				description: [String(definition.type ?? '').toLowerCase(), group ? `in ${String(group)}` : ''].filter(Boolean).join(' '),
			};
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}
