import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, perExecution, perExecutionAndKey, UUID_PATTERN } from '../../helpers';
import { fetchAllPages, listChannels, templatePage } from '../../transport';

/* Channels and templates an execution needs to check sends; read once per execution. */

export interface ChatChannel {
	id: string;
	/** What `from` takes: the WhatsApp number or the `@handle`. */
	number: string;
	name: string;
}

export interface ChatTemplate {
	id: string;
	name: string;
	status?: string;
	params: string[];
	fileType: string;
}

const UUID = new RegExp(UUID_PATTERN);
const channelsOf = perExecution(async (context: IExecuteFunctions) => (await listChannels.call(context)) ?? []);
/** The templates of each channel, read once per execution and channel. */
const templatesOnce = perExecutionAndKey<IExecuteFunctions>();

const digits = (value: string) => value.replace(/\D+/g, '');

export function channelName(channel: IDataObject): string {
	const identity = channel.identity as IDataObject | undefined;
	return String(identity?.displayName ?? channel.numberFormatted ?? channel.number ?? channel.id);
}

/**
 * The channel a locator names, by ID, number (digits compared, so `+55 11 94000-0001` matches) or
 * `@handle`; an unknown one is an input error naming the item.
 */
export async function resolveChannel(context: IExecuteFunctions, value: string, itemIndex: number): Promise<ChatChannel> {
	const channels = await channelsOf(context);
	const wanted = value.trim();
	const found = channels.find((channel) => {
		const number = String(channel.number ?? '');
		if (UUID.test(wanted)) return String(channel.id).toLowerCase() === wanted.toLowerCase();
		if (wanted.startsWith('@') || number.startsWith('@')) return number.toLowerCase() === wanted.toLowerCase();
		return digits(number) !== '' && digits(number) === digits(wanted);
	});
	if (!found) {
		const known = channels.map((channel) => `${channelName(channel)} (${String(channel.number)})`).join(', ');
		throw invalidInput(
			context,
			'Channel',
			`"${wanted}" is not a channel of this Helena account`,
			itemIndex,
			known ? `Channels: ${known}` : undefined,
		);
	}
	return { id: String(found.id), number: String(found.number), name: channelName(found) };
}

/** The templates of a channel, read once per execution, one read in flight (a failed read is not kept). */
export async function templatesOf(context: IExecuteFunctions, channel: ChatChannel, itemIndex: number): Promise<IDataObject[]> {
	return await templatesOnce(context, channel.id, async () =>
		fetchAllPages.call(
			context,
			(pageNumber, pageSize) => templatePage({ ChannelId: channel.id, IncludeDetails: 'Params' }, pageNumber, pageSize, itemIndex),
			{ returnAll: true },
		),
	);
}

/** A template of the channel with its parameter names (there is no get-by-ID: the channel's list is read). */
export async function resolveTemplate(
	context: IExecuteFunctions,
	channel: ChatChannel,
	templateId: string,
	itemIndex: number,
): Promise<ChatTemplate> {
	const templates = await templatesOf(context, channel, itemIndex);
	const found = templates.find((template) => String(template.id).toLowerCase() === templateId.toLowerCase());
	if (!found) {
		throw invalidInput(
			context,
			'Template',
			`"${templateId}" is not a template of the channel ${channel.name} (${channel.number})`,
			itemIndex,
			'Templates belong to one channel: pick the template from the list after choosing the channel.',
		);
	}
	const params = ((found.params as IDataObject[] | null) ?? []).map((param) => String(param.name));
	return {
		id: String(found.id),
		name: String(found.name ?? found.id),
		status: found.status as string | undefined,
		params,
		fileType: String(found.fileType ?? 'UNDEFINED'),
	};
}
