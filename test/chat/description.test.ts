import type { INodePropertyOptions } from 'n8n-workflow';

import { Helena } from '../../nodes/Helena/Helena.node';

const operationsOf = (resource: string) =>
	(new Helena().description.properties.find(
		(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	)?.options ?? []) as INodePropertyOptions[];

describe('what an AI agent reads about the messaging operations', () => {
	test('"send a text message" and "send a template" say when each applies', () => {
		const byValue = Object.fromEntries(operationsOf('message').map((option) => [option.value, option]));

		expect(byValue.sendText.action).toBe('Send a text message');
		expect(byValue.sendText.description).toMatch(/wrote in the last 24 hours.*to start a new WhatsApp conversation, use Send Template/);
		expect(byValue.sendTemplate.action).toBe('Send a template');
		expect(byValue.sendTemplate.description).toMatch(
			/only way to start a conversation with a contact who has not written in the last 24 hours/,
		);
		expect(byValue.sendAndWait.action).toBe('Send a message and wait for response');
		expect(byValue.sendAndWait.description).toMatch(/pause until the person answers or a time limit passes.*wrote in the last 24 hours/);
		expect(Object.keys(byValue).sort()).toEqual([
			'delete',
			'downloadMedia',
			'get',
			'getAll',
			'getStatus',
			'sendAndWait',
			'sendMedia',
			'sendOtp',
			'sendTemplate',
			'sendTemplateToMany',
			'sendText',
			'sendTyping',
			'startChatbot',
			'startChatbotForMany',
		]);
	});

	test('every conversation operation has an action an agent can name', () => {
		expect(operationsOf('session').map((option) => option.action)).toEqual([
			'Add a note to a conversation',
			'Assign a conversation to a user',
			'Wait until the contact stops writing then continue once with the burst',
			'Complete a conversation',
			'Delete a note of a conversation',
			'Get a conversation',
			'Get many conversations',
			'Get the messages of a conversation',
			'Get a note of a conversation',
			'Get the notes of a conversation',
			'Send a message in a conversation',
			'Set the status of a conversation',
			'Transfer a conversation',
			'Update a conversation',
		]);
	});
});
