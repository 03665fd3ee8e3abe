import type { IDataObject } from 'n8n-workflow';

/* A message of a conversation as a person (or a model) reads it: who wrote what, when, with which file. */

/** Who wrote a message: the contact, an agent, a chatbot, or an automation (API, campaign, office hours…). */
function authorOf(message: IDataObject): string {
	// FROM_HUB comes from the contact's side (the vendor's MESSAGE_SENT example, an agent's message, is TO_HUB)
	if (message.direction === 'FROM_HUB') return 'contact';
	if (message.origin === 'BOT') return 'chatbot';
	if (message.userId || message.origin === 'DEFAULT' || message.origin === undefined) return 'agent';
	return 'automation';
}

function fileOf(message: IDataObject): IDataObject | null {
	const details = (message.details ?? {}) as IDataObject;
	const file = (details.file ?? (details.files as IDataObject[] | undefined)?.[0] ?? null) as IDataObject | null;
	if (!file && !message.fileId) return null;
	return {
		id: file?.id ?? message.fileId ?? null,
		name: file?.name ?? null,
		mimeType: file?.mimeType ?? null,
		size: file?.size ?? null,
		url: file?.publicUrl ?? null,
	};
}

/** The fields Simplify keeps: ID, time, direction, author, type, text, file (and a transcription Helena made). */
export function simplifyMessage(message: IDataObject): IDataObject {
	const transcription = ((message.details ?? {}) as IDataObject).transcription as IDataObject | undefined;
	return {
		id: message.id,
		time: message.timestamp ?? message.createdAt,
		direction: message.direction === 'FROM_HUB' ? 'received' : 'sent',
		author: authorOf(message),
		...(message.userId ? { userId: message.userId } : {}),
		type: message.type,
		text: message.text ?? null,
		file: fileOf(message),
		...(transcription?.text ? { transcription: transcription.text } : {}),
		status: message.status,
	};
}
