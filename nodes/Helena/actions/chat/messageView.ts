import type { IDataObject } from 'n8n-workflow';

import { fileOfMessage } from './messageMedia';

/** Whether the contact wrote a message (received), rather than the team, a bot or the API (sent). */
export function isFromContact(message: IDataObject): boolean {
	// FROM_HUB comes from the contact's side (the vendor's MESSAGE_SENT example, an agent's message, is TO_HUB)
	return message.direction === 'FROM_HUB';
}

/** Who wrote a message: the contact, a user (agent), a chatbot, an API call, or Helena itself. */
function authorOf(message: IDataObject): string {
	if (isFromContact(message)) return 'contact';
	if (message.origin === 'BOT') return 'bot';
	if (message.userId) return 'user';
	if (message.origin === 'API') return 'api';
	return 'system';
}

/** A message's file as a workflow uses it; its `id` feeds Send Message's Helena File ID. */
function fileView(message: IDataObject): IDataObject | null {
	const file = fileOfMessage(message);
	const details = (message.details ?? {}) as IDataObject;
	const named = (details.file ?? (details.files as IDataObject[] | undefined)?.[0]) as IDataObject | undefined;
	const id = named?.id ?? message.fileId ?? null;
	if (!file && id === null) return null;
	return { id, name: file?.name ?? null, mimeType: file?.mimeType ?? null, size: file?.size ?? null, url: file?.url ?? null };
}

/** What Simplify keeps, as the field's hint says it. */
export const SIMPLIFIED_MESSAGE_HINT =
	'Simplified: ID, conversation, direction (received from the contact or sent), author (contact, user, bot, api or system), type, text, transcription, file (ID, name, type, size, address), status, reply-to and time';

/**
 * The one simplified message (Message → Get Many and Download Media, Conversation → Get Messages): who
 * wrote it (`direction` received from the contact or sent to them, and the `author`), what it says (with the
 * transcription of an audio when Helena has one), its file, and when.
 */
export function simplifyMessage(message: IDataObject): IDataObject {
	const transcription = ((message.details ?? {}) as IDataObject).transcription as IDataObject | undefined;
	return {
		id: message.id,
		sessionId: message.sessionId ?? null,
		direction: message.direction === 'FROM_HUB' ? 'received' : message.direction === 'TO_HUB' ? 'sent' : null,
		author: authorOf(message),
		userId: message.userId ?? null,
		type: message.type ?? null,
		text: message.text ?? null,
		transcription: typeof transcription?.text === 'string' ? transcription.text : null,
		file: fileView(message),
		status: message.status ?? null,
		replyTo: message.refId ?? null,
		createdAt: message.createdAt ?? message.timestamp ?? null,
	};
}
