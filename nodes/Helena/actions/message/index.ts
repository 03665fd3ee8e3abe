import type { INodeProperties } from 'n8n-workflow';

import * as deleteMessage from './delete.operation';
import * as downloadMedia from './downloadMedia.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getStatus from './getStatus.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendMedia from './sendMedia.operation';
import * as sendOtp from './sendOtp.operation';
import * as sendTemplate from './sendTemplate.operation';
import * as sendTemplateToMany from './sendTemplateToMany.operation';
import * as sendText from './sendText.operation';
import * as sendTyping from './sendTyping.operation';
import * as startChatbot from './startChatbot.operation';
import * as startChatbotForMany from './startChatbotForMany.operation';
import type { HelenaResource } from '../types';

export const message: HelenaResource = {
	sendText,
	sendTemplate,
	sendMedia,
	sendAndWait,
	getStatus,
	startChatbot,
	get,
	getAll,
	delete: deleteMessage,
	downloadMedia,
	sendTyping,
	sendOtp,
	sendTemplateToMany,
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
				name: 'Delete',
				value: 'delete',
				action: 'Delete a message',
				description: 'Delete a message for everyone in the conversation; returns deleted: true and the ID (repeating it is safe)',
			},
			{
				name: 'Download Media',
				value: 'downloadMedia',
				action: 'Download the file of a message',
				description:
					'Get the image, audio, video or document of a received or sent message as binary data (for a transcription or vision node), with the message',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a message',
				description: 'Get one message of a conversation by its ID, with its text, status and file details',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many messages',
				description: 'List the messages of a conversation, oldest or newest first; one item per message',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a message',
				description:
					'Check whether a sent message, chatbot start or one-time password is queued, sent, delivered, read or failed (with the reason); returns the status',
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
				name: 'Send OTP',
				value: 'sendOtp',
				action: 'Send a one time password',
				description: 'Send a one-time password (a login or confirmation code) to a WhatsApp number; returns its ID, status and code',
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
				name: 'Send Typing',
				value: 'sendTyping',
				action: 'Show typing in a conversation',
				description:
					'Show "typing…" to the contact of an open conversation while the workflow prepares the answer (WhatsApp official API channels)',
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
	...deleteMessage.description,
	...downloadMedia.description,
	...get.description,
	...getAll.description,
	...getStatus.description,
	...sendAndWait.description,
	...sendMedia.description,
	...sendOtp.description,
	...sendTemplate.description,
	...sendTemplateToMany.description,
	...sendText.description,
	...sendTyping.description,
	...startChatbot.description,
	...startChatbotForMany.description,
];
