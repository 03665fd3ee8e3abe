'use strict';

/** The chat service's endpoints (relative to /chat), and the core ones the chat features read. */

const messages = require('./messages');
const sessions = require('./sessions');
const catalog = require('./catalog');
const messageRecords = require('./messageRecords');
const otpAndTyping = require('./otpAndTyping');
const batchSends = require('./batchSends');
const scheduled = require('./scheduled');
const sessionMessages = require('./sessionMessages');

const CHAT_ROUTES = [
	['POST', '/v1/send/text', messages.sendText],
	['POST', '/v1/send/image', messages.sendImage],
	['POST', '/v1/send/video', messages.sendVideo],
	['POST', '/v1/send/audio', messages.sendAudio],
	['POST', '/v1/send/document', messages.sendDocument],
	['POST', '/v1/send/template', messages.sendTemplate],
	['POST', '/v1/send/chatbot', messages.sendChatbot],
	['POST', '/v1/send/template/batch', batchSends.sendTemplateBatch],
	['POST', '/v1/send/chatbot/batch', batchSends.sendChatbotBatch],
	['GET', '/v1/send/message/:id', messages.sendStatus],
	['GET', '/v1/send/chatbot/:id', messages.sendStatus],
	['POST', '/v1/send/typing', otpAndTyping.sendTyping],
	['POST', '/v1/send/otp', otpAndTyping.sendOtp],
	['GET', '/v1/send/otp/:id', otpAndTyping.otpStatus],
	['GET', '/v1/message', messageRecords.list],
	['GET', '/v1/message/:id', messageRecords.get],
	['DELETE', '/v1/message/:id', messageRecords.remove],

	['GET', '/v2/session', sessions.list],
	['GET', '/v2/session/:id', sessions.get],
	['PUT', '/v1/session/:id/transfer', sessions.transfer],
	['PUT', '/v1/session/:id/complete', sessions.complete],
	['PUT', '/v2/session/:id/partial', sessions.partial],
	['POST', '/v1/session/:id/note', sessions.addNote],
	['PUT', '/v1/session/:id/assignee', sessions.assign],
	['PUT', '/v1/session/:id/status', sessions.setStatus],
	['GET', '/v1/session/note/:id', sessionMessages.getNote],
	['DELETE', '/v1/session/note/:id', sessionMessages.deleteNote],
	['GET', '/v1/session/:id/note', sessionMessages.listNotes],
	['GET', '/v1/session/:id/message', sessionMessages.listMessages],
	['POST', '/v1/session/:id/message', sessionMessages.sendMessage],
	['POST', '/v1/session/:id/message/sync', sessionMessages.sendMessageSync],

	['GET', '/v1/scheduled-message', scheduled.list],
	['POST', '/v1/scheduled-message', scheduled.create],
	['POST', '/v1/scheduled-message/batch-cancel', scheduled.batchCancel],
	['GET', '/v1/scheduled-message/:id', scheduled.get],
	['PUT', '/v1/scheduled-message/:id', scheduled.update],
	['POST', '/v1/scheduled-message/:id/cancel', scheduled.cancel],

	['GET', '/v1/channel', catalog.channels],
	['GET', '/v1/template', catalog.templates],
	['GET', '/v1/chatbot', catalog.chatbots],
];

const CORE_ROUTES_FOR_CHAT = [
	['GET', '/v1/tag', catalog.tags],
	['GET', '/v2/file', catalog.fileSlot],
	['POST', '/v2/file', catalog.fileConfirm],
];

/** Send-family routes answer their 4xx as ProblemDetails. */
const isSendFamily = (path) => /^\/chat\/v1\/send\//i.test(path);

module.exports = { CHAT_ROUTES, CORE_ROUTES_FOR_CHAT, isSendFamily };
