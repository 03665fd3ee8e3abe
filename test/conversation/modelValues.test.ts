import type { INodeParameters } from 'n8n-workflow';

import { allRequests, byId, mariaSession, useChatSandbox } from '../chat/chatFixture';

/*
 * What an AI model may put into the parameters it fills with $fromAI() (here as the expressions those
 * become): a number where text is expected is read as text, but an object, a list or a made-up value is
 * refused with an error naming the field and the item, before any request reaches Helena.
 */
describe('values an AI model fills into the conversation operations', () => {
	const helena = useChatSandbox();
	const session = () => mariaSession(helena).id as string;

	test('a number as the text of Send Message is sent as text', async () => {
		const { error } = await helena.run({ resource: 'session', operation: 'sendMessage', sessionId: session(), text: '={{ 42 }}' });
		expect(error).toBeUndefined();
		expect(allRequests(helena)[0].body).toEqual({ text: '42' });
	});

	test.each<[string, () => INodeParameters, string]>([
		[
			'Get Messages: an object as the number of messages',
			() => ({ operation: 'getMessages', sessionId: session(), limit: '={{ { count: 20 } }}' }),
			'Limit must be a number, not an object (item 0)',
		],
		[
			'Get Messages: a number below 1',
			() => ({ operation: 'getMessages', sessionId: session(), limit: '={{ 0 }}' }),
			'Limit must be a whole number of at least 1, not 0 (item 0)',
		],
		[
			'Get Messages: a made-up order',
			() => ({ operation: 'getMessages', sessionId: session(), options: { orderDirection: '={{ "latest" }}' } }),
			'Order must be one of ASCENDING, DESCENDING, not "latest" (item 0)',
		],
		[
			'Send Message: a list as the text',
			() => ({ operation: 'sendMessage', sessionId: session(), text: '={{ ["Oi", "tudo bem?"] }}' }),
			'Text must be text, not a list (item 0)',
		],
		[
			'Send Message: an object as the conversation',
			() => ({ operation: 'sendMessage', sessionId: '={{ { id: "x" } }}', text: 'Oi' }),
			'Session ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not an object (item 0)',
		],
		[
			'Send Message: an object as the template',
			() => ({
				operation: 'sendMessage',
				sessionId: session(),
				content: 'template',
				template: byId('={{ { id: 1 } }}'),
			}),
			'Template must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not an object (item 0)',
		],
		[
			'Transfer: a department name where an ID is expected',
			() => ({ operation: 'transfer', sessionId: session(), transferDepartment: byId('={{ "the support team" }}') }),
			'To Department must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not "the support team" (item 0)',
		],
		[
			'Transfer: an object as the user',
			() => ({ operation: 'transfer', sessionId: session(), transferUser: byId('={{ { name: "Carla" } }}') }),
			'To User must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not an object (item 0)',
		],
		[
			'Set Status: a status the documents do not list',
			() => ({ operation: 'setStatus', sessionId: session(), status: '={{ "resolved" }}' }),
			'Status must be one of COMPLETED, HIDDEN, IN_PROGRESS, PENDING, STARTED, not "resolved" (item 0)',
		],
		[
			'Complete: a sentence where a yes/no is expected',
			() => ({ operation: 'complete', sessionId: session(), reactivateOnNewMessage: '={{ "yes please" }}' }),
			'Reopen When Contact Writes must be true or false, not string "yes please" (item 0)',
		],
		[
			'Delete Note: a list of IDs',
			() => ({ operation: 'deleteNote', noteId: '={{ ["a", "b"] }}' }),
			'Note ID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, not a list (item 0)',
		],
	])('%s is refused before any request', async (_title, parameters, message) => {
		const { error } = await helena.run({ resource: 'session', ...parameters() });

		expect(error?.message).toBe(message);
		expect(allRequests(helena)).toEqual([]);
	});
});
