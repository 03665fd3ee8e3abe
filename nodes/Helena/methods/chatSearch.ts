import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { UUID_PATTERN } from '../helpers';
import { fetchAllPages, helenaRequest, listAgents, listChannels, listTags, morePagesAfter, PAGE_SIZE, templatePage } from '../transport';
import type { PageEnvelope } from '../transport';

/* Lists of the chat pickers: channels, templates of the chosen channel, users, chatbots, tags. */

const UUID = new RegExp(UUID_PATTERN);

function matching<T extends { name: string }>(results: T[], filter?: string): T[] {
	const wanted = (filter ?? '').trim().toLowerCase();
	return results.filter((result) => result.name.toLowerCase().includes(wanted)).sort((a, b) => a.name.localeCompare(b.name));
}

async function channels(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return (await listChannels.call(context)) ?? [];
}

export async function searchChannels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const results = (await channels(this)).map((channel) => {
		const identity = channel.identity as IDataObject | undefined;
		const label = String(identity?.displayName ?? channel.number);
		return { name: `${label} (${String(channel.numberFormatted ?? channel.number)})`, value: String(channel.id) };
	});
	return { results: matching(results, filter) };
}

/** The value a resource locator of the open node holds (read raw: the editor may not have resolved it). */
function currentLocatorValue(context: ILoadOptionsFunctions, name: string): string {
	const raw = context.getCurrentNodeParameter(name) as unknown;
	const value = raw && typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
	return typeof value === 'string' ? value.trim() : '';
}

/** The chosen channel's ID, whether the picker holds its ID or its number. */
async function chosenChannelId(context: ILoadOptionsFunctions): Promise<string | undefined> {
	const value = currentLocatorValue(context, 'channel');
	if (!value || value.startsWith('=')) return undefined;
	if (UUID.test(value)) return value;
	const digits = value.replace(/\D+/g, '');
	const found = (await channels(context)).find((channel) => {
		const number = String(channel.number ?? '');
		return value.startsWith('@') ? number.toLowerCase() === value.toLowerCase() : number.replace(/\D+/g, '') === digits;
	});
	return found ? String(found.id) : undefined;
}

export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pageNumber = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
	const channelId = await chosenChannelId(this);
	const qs: IDataObject = { ApprovedOnly: true };
	if (channelId) qs.ChannelId = channelId;
	if (filter?.trim()) qs.Name = filter.trim();
	const page = (await helenaRequest.call(this, templatePage(qs, pageNumber, PAGE_SIZE))) as PageEnvelope;
	return {
		results: (page?.items ?? []).map((template) => ({ name: String(template.name ?? template.id), value: String(template.id) })),
		paginationToken: morePagesAfter(page, pageNumber) ? String(pageNumber + 1) : undefined,
	};
}

export async function searchUsers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const agents = (await listAgents.call(this)) ?? [];
	// sessions take the user ID (userId), not the agent record's ID
	const results = agents.map((agent) => ({
		name: agent.email ? `${String(agent.name)} (${String(agent.email)})` : String(agent.name ?? agent.userId),
		value: String(agent.userId ?? agent.id),
	}));
	return { results: matching(results, filter) };
}

export async function searchChatbots(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pageNumber = Number(paginationToken) > 0 ? Number(paginationToken) : 1;
	const qs: IDataObject = { PageNumber: pageNumber, PageSize: PAGE_SIZE };
	if (filter?.trim()) qs.Name = filter.trim();
	const page = (await helenaRequest.call(this, { service: 'chat', method: 'GET', path: '/v1/chatbot', qs })) as PageEnvelope;
	return {
		// sends take the chatbot's key, not its ID
		results: (page?.items ?? []).map((bot) => ({ name: String(bot.name ?? bot.key), value: String(bot.key) })),
		paginationToken: morePagesAfter(page, pageNumber) ? String(pageNumber + 1) : undefined,
	};
}

export async function searchTags(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const tags = (await listTags.call(this)) ?? [];
	return {
		results: matching(
			tags.map((tag) => ({ name: String(tag.name ?? tag.id), value: String(tag.id) })),
			filter,
		),
	};
}

/** The variables of the chosen template, for the parameter names of Send Template. */
export async function getTemplateParameters(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const templateId = currentLocatorValue(this, 'template');
	if (!UUID.test(templateId)) return [];
	const channelId = await chosenChannelId(this);
	const qs: IDataObject = { IncludeDetails: 'Params' };
	if (channelId) qs.ChannelId = channelId;
	const templates = await fetchAllPages.call(this, (pageNumber, pageSize) => templatePage(qs, pageNumber, pageSize), { returnAll: true });
	const template = templates.find((item) => String(item.id).toLowerCase() === templateId.toLowerCase());
	return ((template?.params as IDataObject[] | null | undefined) ?? []).map((param) => ({
		name: String(param.name),
		value: String(param.name),
	}));
}
