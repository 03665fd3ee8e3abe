import type { IDataObject } from 'n8n-workflow';

import { fileOfMessage } from './messageMedia';

/** Who wrote a message: the contact, a user (agent), a chatbot, an API call, or Helena itself. */
function authorOf(message: IDataObject): string {
	if (message.direction === 'FROM_HUB') return 'contact';
	if (message.origin === 'BOT') return 'bot';
	if (message.userId) return 'user';
	if (message.origin === 'API') return 'api';
	return 'system';
}

/**
 * The fields of a message most workflows read (and a model can follow): who wrote it, what it says
 * (with the transcription of an audio when Helena has one), its file, and when.
 */
export function simplifyMessage(message: IDataObject): IDataObject {
	const file = fileOfMessage(message);
	const transcription = ((message.details ?? {}) as IDataObject).transcription as IDataObject | undefined;
	return {
		id: message.id,
		sessionId: message.sessionId ?? null,
		direction: message.direction ?? null,
		author: authorOf(message),
		userId: message.userId ?? null,
		type: message.type ?? null,
		text: message.text ?? null,
		transcription: typeof transcription?.text === 'string' ? transcription.text : null,
		file: file ? { name: file.name ?? null, mimeType: file.mimeType ?? null, size: file.size ?? null, url: file.url ?? null } : null,
		status: message.status ?? null,
		replyTo: message.refId ?? null,
		createdAt: message.createdAt ?? null,
	};
}
