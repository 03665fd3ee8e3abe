import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listDepartments } from '../transport';

/** Departments for the `list` mode, by name; GET /v2/department is one unpaginated list. */
export async function searchDepartments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const departments = await listDepartments.call(this);
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
