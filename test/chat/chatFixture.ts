import type { IDataObject } from 'n8n-workflow';

import type { SandboxFixture } from '../engine/sandbox';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';
import { byId } from '../helpers/requests';

export const COMERCIAL = { id: demo.channelId('WhatsApp Comercial'), number: '5511940000001' };
export const SUPORTE_CHANNEL = { id: demo.channelId('WhatsApp Suporte'), number: '5511940000002' };
export const MARIA_PHONE = demo.contactPhone(1);
export const MISSING = '0b0b0b0b-0000-4000-8000-000000000000';

/** A sandbox whose sent messages move on only when the test says so (`sandbox.chat.advance()`). */
export function useChatSandbox(): SandboxFixture {
	const helena = useSandbox({ chatStepMs: 0 });
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});
	return helena;
}

/** Every request the sandbox received (core, chat and the file storage): method, path, query, body. */
export function allRequests(helena: SandboxFixture) {
	return helena.sandbox.requests.map(({ method, decodedPath, query, body }) => ({ method, path: decodedPath, query, body }));
}

export { byId, fromList } from '../helpers/requests';

export function byNumber(value: string) {
	return { __rl: true, mode: 'number', value };
}

/** The open demo conversation of Maria (she wrote an hour ago, so the WhatsApp window is open). */
export function mariaSession(helena: SandboxFixture) {
	const session = helena.sandbox.chat
		.sessions()
		.find((s: { contactId: string; status: string }) => s.contactId === demo.contactId(1) && s.status !== 'COMPLETED');
	if (!session) throw new Error('no open session of Maria in the demo seed');
	return session;
}

/** Scheduled Message → Create of the "boas_vindas" template to Maria, on 15 January next year at 09:00 in São Paulo. */
export const scheduleTemplate = (extra: IDataObject = {}) => ({
	resource: 'scheduledMessage',
	operation: 'create',
	type: 'TEMPLATE',
	phoneNumber: MARIA_PHONE,
	channel: byNumber(COMERCIAL.number),
	template: byId(demo.templateId('boas_vindas')),
	templateParameters: { parameter: [{ name: 'nome', value: 'Maria' }] },
	scheduledAt: `${new Date().getUTCFullYear() + 1}-01-15T09:00:00`,
	timezone: 'America/Sao_Paulo',
	...extra,
});

/** The keys of a simplified message, the same in every operation that simplifies one. */
export const SIMPLIFIED_MESSAGE_KEYS = [
	'author',
	'createdAt',
	'direction',
	'file',
	'id',
	'replyTo',
	'sessionId',
	'status',
	'text',
	'transcription',
	'type',
	'userId',
];
