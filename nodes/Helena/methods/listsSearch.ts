import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { fetchAllPages, helenaRequest, listTagColors, morePagesAfter, PAGE_SIZE, portfolioPage, sequencePage } from '../transport';
import type { PageEnvelope } from '../transport';

/* Lists of the pickers of sequences and portfolios, and the tag colours. */

export async function searchSequences(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pageNumber = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
	const page = (await helenaRequest.call(
		this,
		sequencePage(filter?.trim() ? { Name: filter.trim() } : {}, pageNumber, PAGE_SIZE),
	)) as PageEnvelope;
	return {
		results: (page.items ?? []).map((sequence) => ({
			name: `${String(sequence.name ?? sequence.id)}${sequence.enabled === false ? ' (disabled)' : ''}`,
			value: String(sequence.id),
		})),
		paginationToken: morePagesAfter(page, pageNumber) ? String(pageNumber + 1) : undefined,
	};
}

/** Portfolios by name; Helena's list has no name filter, so the account's few portfolios are read and filtered here. */
export async function searchPortfolios(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const portfolios = await fetchAllPages.call(this, (pageNumber, pageSize) => portfolioPage({}, pageNumber, pageSize), { returnAll: true });
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = portfolios
		.map((portfolio) => ({ name: String(portfolio.name ?? portfolio.id), value: String(portfolio.id) }))
		.filter((result) => result.name.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

/** "Blue 300" for BLUE_300, with its hex; in Helena's order, lightest to darkest per colour. */
export async function getTagColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const colors = (await listTagColors.call(this)) ?? [];
	return colors.map((entry) => {
		const value = String(entry.color);
		const [family, shade] = value.split('_');
		const label = `${family.charAt(0)}${family.slice(1).toLowerCase()}${shade ? ` ${shade}` : ''}`;
		return { name: label, value, description: typeof entry.bgColor === 'string' ? entry.bgColor : undefined };
	});
}
