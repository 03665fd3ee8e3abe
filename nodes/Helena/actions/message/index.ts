import type { INodeProperties } from 'n8n-workflow';

import * as getStatus from './getStatus.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendMedia from './sendMedia.operation';
import * as sendTemplate from './sendTemplate.operation';
import * as sendText from './sendText.operation';
import * as startChatbot from './startChatbot.operation';
import type { HelenaResource } from '../router';

export const message: HelenaResource = { sendText, sendTemplate, sendMedia, sendAndWait, getStatus, startChatbot };

export const messageDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		default: 'sendText',
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a message',
				description: 'Check whether a sent message is queued, sent, delivered, read or failed (with the reason); returns the status',
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				action: 'Send a message and wait for response',
				description:
					'Send a question with approve/decline links or a link to a form and pause until the person answers or a time limit passes; a free text, so to a contact who wrote in the last 24 hours or into an open conversation',
			},
			{
				name: 'Send Media',
				value: 'sendMedia',
				action: 'Send a file',
				description:
					'Send an image, video, audio or document (from a URL or an n8n binary file) to a contact who wrote in the last 24 hours, or into an open conversation',
			},
			{
				name: 'Send Template',
				value: 'sendTemplate',
				action: 'Send a template',
				description:
					'Send an approved WhatsApp template with its parameters to a phone number; the only way to start a conversation with a contact who has not written in the last 24 hours',
			},
			{
				name: 'Send Text',
				value: 'sendText',
				action: 'Send a text message',
				description:
					'Send a free text message to a contact who wrote in the last 24 hours, or reply in an open conversation; to start a new WhatsApp conversation, use Send Template',
			},
			{
				name: 'Start Chatbot',
				value: 'startChatbot',
				action: 'Start a chatbot',
				description: 'Hand a contact or an open conversation to one of your Helena chatbots',
			},
		],
	},
	...getStatus.description,
	...sendAndWait.description,
	...sendMedia.description,
	...sendTemplate.description,
	...sendText.description,
	...startChatbot.description,
];
