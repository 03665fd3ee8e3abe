import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { listDepartments } from '../transport';

/** Every department by name; GET /v2/department is one unpaginated list. */
export async function departmentsByName(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const departments = await listDepartments.call(this);
	return (departments ?? [])
		.map((department) => ({
			name: typeof department.name === 'string' && department.name ? department.name : String(department.id),
			value: String(department.id),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Departments for the `list` mode, by name. */
export async function searchDepartments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = (await departmentsByName.call(this)).filter((result) => result.name.toLowerCase().includes(wanted));
	return { results };
}
