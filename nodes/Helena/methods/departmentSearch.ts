import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { helenaRequest } from '../transport';

/** Departments for the `list` mode, by name; GET /v2/department is one unpaginated list. */
export async function searchDepartments(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const departments = (await helenaRequest.call(this, { method: 'GET', path: '/v2/department' })) as
		| IDataObject[]
		| null;
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = (departments ?? [])
		.map((department) => ({
			name: typeof department.name === 'string' && department.name ? department.name : String(department.id),
			value: String(department.id),
		}))
		.filter((result) => result.name.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
