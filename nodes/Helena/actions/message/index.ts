import type { INodeProperties } from 'n8n-workflow';

import * as getStatus from './getStatus.operation';
import * as sendMedia from './sendMedia.operation';
import * as sendTemplate from './sendTemplate.operation';
import * as sendTemplateToMany from './sendTemplateToMany.operation';
import * as sendText from './sendText.operation';
import * as startChatbot from './startChatbot.operation';
import * as startChatbotForMany from './startChatbotForMany.operation';
import type { HelenaResource } from '../router';

export const message: HelenaResource = {
	sendText,
	sendTemplate,
	sendTemplateToMany,
	sendMedia,
	getStatus,
	startChatbot,
	startChatbotForMany,
};

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
				name: 'Send Template to Many',
				value: 'sendTemplateToMany',
				action: 'Send a template to many recipients',
				description:
					'Send one approved WhatsApp template to every input item (a campaign), 100 recipients per request; returns one message ID or failure per recipient',
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
			{
				name: 'Start Chatbot for Many',
				value: 'startChatbotForMany',
				action: 'Start a chatbot for many recipients',
				description:
					'Hand every input item (a phone number or a conversation) to one chatbot, 100 per request; returns one result per recipient',
			},
		],
	},
	...getStatus.description,
	...sendMedia.description,
	...sendTemplate.description,
	...sendTemplateToMany.description,
	...sendText.description,
	...startChatbot.description,
	...startChatbotForMany.description,
];
