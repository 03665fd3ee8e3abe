import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { invalidInput, readLocatorId, readText } from '../../helpers';
import { resolveChannel, resolveTemplate } from '../chat/catalog';
import { templateLocator } from '../chat/locators';
import type { MediaKind } from '../send/media';
import { explainRefusedSend } from '../send/sendFields';
import { readTemplateParameters, requireApproved, requireHeaderFileFits } from '../send/templateFields';
import { fetchSession } from './fetchSession';
import { readFileSourceOf, readSessionFile } from './sessionFile';
import type { SessionFile } from './sessionFile';

/* What Conversation → Send Message sends (a text, a template of its channel, a file), and Helena's refusals explained. */

export const CONTENTS = ['text', 'template', 'file'] as const;
export type Content = (typeof CONTENTS)[number];

export interface Prepared {
	body: IDataObject;
	file: SessionFile;
	templateId?: string;
}

/** A template of the conversation's channel, its parameters and its header file, all checked before the send. */
async function prepareTemplate(context: IExecuteFunctions, sessionId: string, itemIndex: number): Promise<Prepared> {
	const templateId = readLocatorId(context, templateLocator, itemIndex);
	const source = readFileSourceOf(context, 'template', itemIndex);
	// templates belong to one channel: the conversation's, which only the conversation itself tells
	const session = await fetchSession(context, sessionId, itemIndex);
	if (session.status === 'COMPLETED') throw completedConversation(context, sessionId, itemIndex);
	const channel = await resolveChannel(context, String(session.channelId ?? ''), itemIndex);
	const template = await resolveTemplate(context, channel, templateId, itemIndex);
	requireApproved(context, template, itemIndex);
	const parameters = readTemplateParameters(context, context.getNodeParameter('templateParameters', itemIndex, {}), template, itemIndex);
	requireHeaderFileFits(context, template, source !== 'none', itemIndex);
	const kind = template.fileType === 'UNDEFINED' ? undefined : (template.fileType.toLowerCase() as MediaKind);
	return {
		body: { templateId: template.id, ...(Object.keys(parameters).length ? { parameters } : {}) },
		file: readSessionFile(context, source, kind, itemIndex),
		templateId: template.id,
	};
}

export async function prepare(context: IExecuteFunctions, content: Content, sessionId: string, itemIndex: number): Promise<Prepared> {
	if (content === 'template') return await prepareTemplate(context, sessionId, itemIndex);
	if (content === 'file') {
		const file = readSessionFile(context, readFileSourceOf(context, 'file', itemIndex), undefined, itemIndex);
		const caption = readText(context, context.getNodeParameter('caption', itemIndex, ''), 'Caption', itemIndex) ?? '';
		return { body: caption.trim() ? { text: caption } : {}, file };
	}
	const text = readText(context, context.getNodeParameter('text', itemIndex, ''), 'Text', itemIndex) ?? '';
	if (!text.trim()) throw invalidInput(context, 'Text', 'is empty', itemIndex);
	return { body: { text }, file: { body: {} } };
}

function completedConversation(context: IExecuteFunctions, sessionId: string, itemIndex: number) {
	return invalidInput(
		context,
		'Session ID',
		`names a completed conversation ("${sessionId}"): Helena sends only into an open one`,
		itemIndex,
		"Send to the contact's phone number with Message → Send Text or Send Template to open a new conversation.",
	);
}

/** Helena's refusal of a completed conversation or of a closed WhatsApp window, in words that say what to do. */
export function explainRefusal(error: unknown, sessionId: string, itemIndex: number): unknown {
	if (
		error instanceof NodeApiError &&
		error.httpCode === '400' &&
		/conclu|complet|finaliz|encerrad/i.test(`${error.message} ${error.description ?? ''}`)
	) {
		error.message = `The conversation "${sessionId}" is completed: Helena sends only into an open one (item ${itemIndex})`;
		error.description =
			`Send to the contact's phone number with Message → Send Text or Send Template to open a new conversation. ${error.description ?? ''}`.trim();
		return error;
	}
	const explained = explainRefusedSend(error, { sessionId });
	// here a template is a choice of this operation, not another one
	if (explained instanceof NodeApiError && /24-hour window/.test(explained.message)) {
		explained.description = (explained.description ?? '').replace('Use Message → Send Template,', 'Send a template (Content: Template),');
	}
	return explained;
}
