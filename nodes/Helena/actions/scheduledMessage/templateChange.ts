import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidInput, readText, requireUuid } from '../../helpers';
import { resolveChannel, templatesOf } from '../chat/catalog';
import { locatorValue } from '../chat/locators';
import { headerOfUpdate, readTemplateContent } from './fields';

/**
 * The new template content: a template given, or the message's own when only its parameters or header
 * file change; the message's channel unless a new one is given. Parameters are always sent whole.
 */
export async function readTemplateChange(
	context: IExecuteFunctions,
	fields: IDataObject,
	current: () => Promise<IDataObject>,
	itemIndex: number,
): Promise<IDataObject> {
	const templateGiven = locatorValue(fields.template);
	const channelGiven = locatorValue(fields.channel);
	const touchesTemplate = templateGiven !== undefined || fields.templateParameters !== undefined || (fields.headerFile ?? '') !== '';
	if (!touchesTemplate) {
		if (channelGiven !== undefined) await requireTemplateOfChannel(context, channelGiven, current, itemIndex);
		return {};
	}
	const record = templateGiven && channelGiven ? {} : await current();
	if (!templateGiven && record.type === 'CHATBOT') {
		throw invalidInput(
			context,
			'Update Fields',
			'change a template, but the scheduled message starts a chatbot: choose a Template as well',
			itemIndex,
		);
	}
	const templateId = requireUuid(context, templateGiven ?? record.templateId, 'Template', itemIndex);
	const channel = await resolveChannel(context, channelGiven ?? String(record.channelId ?? ''), itemIndex);
	const header = (readText(context, fields.headerFile, 'Header File', itemIndex) ?? '').trim();
	const { template, templateParams } = await readTemplateContent(
		context,
		channel,
		templateId,
		fields.templateParameters,
		itemIndex,
		headerOfUpdate(context, header, itemIndex),
	);
	return templateGiven ? { type: 'TEMPLATE', templateId: template.id, templateParams } : { templateParams };
}

/**
 * A template belongs to one channel, so Helena refuses a template message moved to a channel its template is
 * not of: refused here, before sending, naming both.
 */
async function requireTemplateOfChannel(
	context: IExecuteFunctions,
	channelGiven: string,
	current: () => Promise<IDataObject>,
	itemIndex: number,
): Promise<void> {
	const record = await current();
	if (record.type !== 'TEMPLATE' || !record.templateId) return;
	const channel = await resolveChannel(context, channelGiven, itemIndex);
	const templates = await templatesOf(context, channel, itemIndex);
	if (templates.some((template) => String(template.id).toLowerCase() === String(record.templateId).toLowerCase())) return;
	throw invalidInput(
		context,
		'Channel',
		`is ${channel.name} (${channel.number}), but the message's template "${String(record.templateId)}" is not a template of that channel`,
		itemIndex,
		'Templates belong to one channel: choose a Template of the new channel as well.',
	);
}
