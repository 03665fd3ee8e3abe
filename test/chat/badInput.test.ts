import type { IDataObject, INodeParameters, NodeOperationError } from 'n8n-workflow';

import { fromItem as v } from '../helpers/refused';
import { demo } from '../sandbox';
import { allRequests, COMERCIAL, fromList, MARIA_PHONE, mariaSession, useChatSandbox } from './chatFixture';

const BOAS_VINDAS = demo.templateId('boas_vindas');

/*
 * The chat operations read every parameter with the typed readers, as the contact operations do: a value
 * an expression made of the wrong kind (an object where text goes, "maybe" where a yes/no goes) is refused
 * with the field and the item, before the send, instead of going out as "[object Object]".
 */
describe('Messages and conversations: values of the wrong kind are refused before the send', () => {
	const helena = useChatSandbox();

	async function refused(parameters: INodeParameters, value: IDataObject[string], message: string, reads: string[] = []) {
		const { items, error } = await helena.run(parameters, { items: [{ v: value }] });
		expect(error?.message).toBe(message);
		expect(error?.name).toBe('NodeOperationError');
		expect((error as NodeOperationError).context.itemIndex).toBe(0);
		expect(items).toEqual([]);
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual(reads);
	}

	test('Send Text: a text that is an object', async () => {
		await refused(
			{ resource: 'message', operation: 'sendText', phoneNumber: '+55 11 97654-0000', text: v },
			{ body: 'Olá' },
			'Text must be text, not an object (item 0)',
		);
	});

	test('Send Media: a caption that is a list, a media type that is not one', async () => {
		const media = { resource: 'message', operation: 'sendMedia', phoneNumber: '+55 11 97654-0000', fileUrl: 'https://example.org/a.png' };
		await refused({ ...media, mediaType: 'image', caption: v }, ['a', 'b'], 'Caption must be text, not a list (item 0)');
		await refused({ ...media, mediaType: v }, 'sticker', 'Media Type must be one of audio, document, image, video, not "sticker" (item 0)');
	});

	test('Send Template: a parameter value that is an object is named with the parameter', async () => {
		await refused(
			{
				resource: 'message',
				operation: 'sendTemplate',
				channel: fromList(COMERCIAL.id, 'WhatsApp Comercial'),
				phoneNumber: '+55 11 97654-0000',
				template: fromList(BOAS_VINDAS, 'boas_vindas'),
				templateParameters: { parameter: [{ name: 'nome', value: v }] },
			},
			{ first: 'Bruna' },
			'Template Parameters: "nome" must be text, not an object (item 0)',
			['GET /chat/v1/channel', 'GET /chat/v1/template'],
		);
	});

	test('Complete: "maybe" is not a yes or no; "true" from an expression is sent as true', async () => {
		const id = mariaSession(helena).id;
		const complete = { resource: 'session', operation: 'complete', sessionId: id };
		await refused(
			{ ...complete, reactivateOnNewMessage: v },
			'maybe',
			'Reopen When Contact Writes must be true or false, not string "maybe" (item 0)',
		);

		helena.sandbox.clearRequests();
		const { error } = await helena.run({ ...complete, reactivateOnNewMessage: v }, { items: [{ v: 'true' }] });
		expect(error).toBeUndefined();
		const sent = allRequests(helena).find((request) => request.method === 'PUT');
		expect(sent?.body).toEqual({ reactivateOnNewMessage: true, stopBotInExecution: false });
	});

	test('Add Note: a note that is an object', async () => {
		const id = mariaSession(helena).id;
		await refused(
			{ resource: 'session', operation: 'addNote', sessionId: id, text: v },
			{ note: 'x' },
			'Note must be text, not an object (item 0)',
		);
	});

	test('send options: a flag of "yes" and a reference that is an object are refused; "true" turns a flag on', async () => {
		const text = { resource: 'message', operation: 'sendText', phoneNumber: '+55 11 97654-0000', text: 'Olá' };
		await refused(
			{ ...text, sendOptions: { hiddenSession: v } },
			'yes',
			'Hide Conversation Until Reply must be true or false, not string "yes" (item 0)',
		);
		await refused({ ...text, sendOptions: { senderId: v } }, { crm: 1 }, 'Your Reference must be text, not an object (item 0)');
		await refused(
			{ ...text, sendOptions: { delayTyping: v } },
			'soon',
			'Typing Delay (Seconds) must be a whole number of at least 0 and at most 25, not soon (item 0)',
		);

		helena.sandbox.clearRequests();
		// Maria wrote an hour ago: her WhatsApp window is open for a text
		const { error } = await helena.run(
			{ ...text, phoneNumber: MARIA_PHONE, sendOptions: { hiddenSession: v, senderId: ' CRM-7 ' } },
			{ items: [{ v: 'true' }] },
		);
		expect(error).toBeUndefined();
		const sent = allRequests(helena).find((request) => request.path === '/chat/v1/send/text');
		expect(sent?.body).toMatchObject({ options: { hiddenSession: true }, senderId: 'CRM-7' });
	});

	test('Start Chatbot: a skip flag of "sometimes" is refused before the send', async () => {
		await refused(
			{
				resource: 'message',
				operation: 'startChatbot',
				chatbot: { __rl: true, mode: 'id', value: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
				phoneNumber: '+55 11 97654-0000',
				chatbotOptions: { skipIfInProgress: v },
			},
			'sometimes',
			'Skip If Conversation In Progress must be true or false, not string "sometimes" (item 0)',
		);
	});

	test('Get Many and Update of conversations: a status, outcome, amount or detail outside the lists is refused', async () => {
		const list = { resource: 'session', operation: 'getAll', returnAll: true };
		await refused(
			{ ...list, filters: { status: v } },
			'OPEN',
			'Status must be one of COMPLETED, HIDDEN, IN_PROGRESS, PENDING, STARTED, not "OPEN" (item 0)',
		);
		await refused({ ...list, filters: { contactId: v } }, { id: 1 }, 'Contact ID must be text, not an object (item 0)');
		await refused(
			{ ...list, options: { includeDetails: v } },
			'Everything',
			'Include Details must be one of AgentDetails, ChannelDetails, ChannelTypeDetails, ClassificationDetails, ContactDetails, DepartmentsDetails, not "Everything" (item 0)',
		);

		const id = mariaSession(helena).id;
		const update = { resource: 'session', operation: 'update', sessionId: id };
		await refused(
			{ ...update, updateFields: { outcome: v } },
			'WIN',
			'Outcome must be one of INFO, LOST, OTHER, UNDEFINED, WON, not "WIN" (item 0)',
		);
		await refused({ ...update, updateFields: { outcome: 'WON', amount: v } }, 'lots', 'Outcome Amount must be a number, not lots (item 0)');
	});

	test('Get Many of conversations: statuses from an expression as comma-separated text go out as a list', async () => {
		const { error } = await helena.run(
			{ resource: 'session', operation: 'getAll', returnAll: true, filters: { status: v } },
			{ items: [{ v: 'in_progress, PENDING' }] },
		);
		expect(error).toBeUndefined();
		const sent = allRequests(helena).find((request) => request.path === '/chat/v2/session');
		expect(sent?.query).toMatchObject({ Status: ['IN_PROGRESS', 'PENDING'] });
	});
});
