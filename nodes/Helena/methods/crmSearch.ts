import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { UUID_PATTERN } from '../helpers';
import { apiPath, helenaRequest, PAGE_SIZE } from '../transport';
import type { PageEnvelope } from '../transport';

/* Lists of the CRM pickers: panels, the chosen panel's steps and lost reasons, its custom fields. */

const UUID = new RegExp(UUID_PATTERN);

/** The panel the open node has chosen (a resolved UUID), if any. */
function chosenPanelId(context: ILoadOptionsFunctions): string | undefined {
	let raw: unknown;
	try {
		raw = context.getCurrentNodeParameter('panel');
	} catch {
		return undefined;
	}
	const value = raw && typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
	const text = typeof value === 'string' ? value.trim() : '';
	return UUID.test(text) ? text : undefined;
}

async function panelPage(context: ILoadOptionsFunctions, pageNumber: number, qs: IDataObject = {}): Promise<PageEnvelope> {
	return (await helenaRequest.call(context, {
		service: 'crm',
		method: 'GET',
		path: '/v2/panel',
		qs: { ...qs, PageNumber: pageNumber, PageSize: PAGE_SIZE },
		answer: 'page',
	})) as PageEnvelope;
}

const matches = (name: string, filter?: string) => name.toLowerCase().includes((filter ?? '').trim().toLowerCase());

export async function searchPanels(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const pageNumber = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
	const page = await panelPage(this, pageNumber, filter?.trim() ? { Title: filter.trim() } : {});
	return {
		results: (page.items ?? []).map((panel) => ({
			name: `${String(panel.title)} (${panel.type === 'SALES' ? 'sales' : 'management'})`,
			value: String(panel.id),
		})),
		paginationToken: page.hasMorePages ? String(pageNumber + 1) : undefined,
	};
}

/** The chosen panel, or every panel when none is chosen (a card's Update and Duplicate have no panel). */
async function panelsInScope(context: ILoadOptionsFunctions, details: string[]): Promise<IDataObject[]> {
	const panelId = chosenPanelId(context);
	if (panelId) {
		return [
			(await helenaRequest.call(context, {
				service: 'crm',
				method: 'GET',
				path: apiPath`/v1/panel/${panelId}`,
				qs: { IncludeDetails: details },
			})) as IDataObject,
		];
	}
	const panels: IDataObject[] = [];
	for (let pageNumber = 1; pageNumber <= 20; pageNumber++) {
		const page = await panelPage(context, pageNumber, { IncludeDetails: details });
		panels.push(...(page.items ?? []));
		if (!page.hasMorePages) break;
	}
	return panels;
}

export async function searchSteps(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const panels = await panelsInScope(this, ['Steps']);
	const several = panels.length > 1;
	const results = panels.flatMap((panel) =>
		((panel.steps as IDataObject[] | null) ?? []).map((step) => ({
			name: several ? `${String(panel.title)} › ${String(step.title)}` : String(step.title),
			value: String(step.id),
		})),
	);
	return { results: results.filter((result) => matches(result.name, filter)) };
}

export async function searchLostReasons(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const panels = (await panelsInScope(this, [])).filter((panel) => panel.type === 'SALES');
	const several = panels.length > 1;
	const results: Array<{ name: string; value: string }> = [];
	for (const panel of panels) {
		const page = (await helenaRequest.call(this, {
			service: 'crm',
			method: 'GET',
			path: apiPath`/v1/panel/${String(panel.id)}/lost-reason`,
			qs: { PageNumber: 1, PageSize: PAGE_SIZE },
			answer: 'page',
		})) as PageEnvelope;
		for (const reason of page.items ?? []) {
			const name = String(reason.description ?? reason.id);
			results.push({ name: several ? `${String(panel.title)} › ${name}` : name, value: String(reason.id) });
		}
	}
	return { results: results.filter((result) => matches(result.name, filter)) };
}

/**
 * Cards whose title holds the filter: in the chosen panel, or panel by panel (one page of each per call,
 * named "Panel › Card"), since Helena lists cards of one panel at a time. The token is "<panel index>:<page>".
 */
export async function searchCards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const panels = await panelsInScope(this, []);
	const [panelAt, pageAt] = (paginationToken ?? '0:1').split(':').map(Number);
	const panelIndex = Number.isInteger(panelAt) && panelAt >= 0 ? panelAt : 0;
	const pageNumber = Number.isInteger(pageAt) && pageAt > 0 ? pageAt : 1;
	const panel = panels[panelIndex];
	if (!panel) return { results: [] };
	const text = filter?.trim();
	const page = (await helenaRequest.call(this, {
		service: 'crm',
		method: 'GET',
		path: '/v2/panel/card',
		qs: { PanelId: String(panel.id), ...(text ? { TextFilter: text } : {}), PageNumber: pageNumber, PageSize: PAGE_SIZE },
		answer: 'page',
	})) as PageEnvelope;
	const several = panels.length > 1;
	const results = (page.items ?? []).map((card) => {
		const title = String(card.title ?? card.id);
		return { name: several ? `${String(panel.title)} › ${title}` : title, value: String(card.id) };
	});
	const next = page.hasMorePages ? `${panelIndex}:${pageNumber + 1}` : panelIndex + 1 < panels.length ? `${panelIndex + 1}:1` : undefined;
	return { results, paginationToken: next };
}

/** Custom fields of the chosen panel (or of every panel, from core's list), by name; the value is the field's key. */
export async function getPanelCustomFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const panelId = chosenPanelId(this);
	const definitions = (await helenaRequest.call(
		this,
		panelId
			? { service: 'crm', method: 'GET', path: apiPath`/v1/panel/${panelId}/custom-fields`, answer: 'list' }
			: { method: 'GET', path: '/v1/custom-field', qs: { EntityType: 'PANEL' }, answer: 'list' },
	)) as IDataObject[] | null;
	return (definitions ?? [])
		.filter((definition) => definition.type !== 'GROUP' && typeof definition.key === 'string' && definition.key)
		.map((definition) => ({
			name: String(definition.name ?? definition.key),
			value: String(definition.key),
			description: String(definition.type ?? '').toLowerCase(),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
