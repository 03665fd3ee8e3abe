'use strict';

/**
 * The sandbox model's part in a conversation: deterministic, by keywords, one decision per request (see
 * openAiWire.js). It plays the model of the examples that `npm start` imports:
 *   - with the conversation tools (examples/ai-assistant-*.json): read the history first when that tool is
 *     offered, answer with Send message in conversation, then transfer when the contact asks for a person or
 *     complete when they say goodbye. A tool behind an approval gate (its schema wraps `toolParameters`) is called
 *     through the gate; a declined or unanswered request is told to the contact.
 *   - with Find contact by phone and Tag contact (examples/ai-agent-contact-assistant.json): "Tag 5511999999999 as
 *     Gold" looks the contact up, then tags it with the ID found.
 *   - anything else: a text that says what it is and echoes what it was asked.
 * The end-to-end suites play the same part with it (test/e2e/suites/2-ai-assistant.mjs).
 */

/** What the contact asked for, from the words of their message(s). */
const INTENTS = [
	['person', /\b(pessoa|humano|atendente|gerente|person|human|someone|agent)\b/i],
	['goodbye', /\b(tchau|at[eé] (logo|mais)|bye|goodbye|adeus)\b/i],
	['delivery', /entreg|deliver/i],
	['hours', /s[áa]bado|hor[áa]rio|abrem|abre\b|open/i],
	['price', /pre[çc]o|valor|quanto custa|price|plano/i],
];

const ANSWERS = {
	person: 'Claro, vou te passar para um atendente agora.',
	personGated: 'Claro! Vou pedir a um gerente para te passar para um atendente; um momento.',
	goodbye: 'Obrigado pelo contato, até logo!',
	delivery: 'Entregamos, sim: em até 2 dias úteis.',
	hours: 'Sim! Abrimos no sábado, das 9h às 13h.',
	price: 'O Plano Pro custa R$ 189,90 por mês.',
	declined: 'Não consegui fazer isso agora: o gerente não aprovou. Posso ajudar em algo mais?',
	/** @param {string} text */
	other: (text) =>
		`Recebi: "${text.replace(/\s+/g, ' ').slice(0, 200)}". Sou o modelo de demonstração do sandbox: pergunte sobre entrega, horário ou preço, peça uma pessoa, ou diga tchau.`,
};

/** The intent of `text`, the first of INTENTS that matches, else 'other'. @param {string} text */
function intentOf(text) {
	return INTENTS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

/** @param {any} content a message's content: a string or OpenAI's content parts */
const textOf = (content) =>
	typeof content === 'string'
		? content
		: Array.isArray(content)
			? content.map((part) => part?.text ?? '').join('\n')
			: JSON.stringify(content ?? '');

/** The contact's message in a model request: the last user message. @param {{ messages: any[] }} request */
function contactText(request) {
	const message = [...request.messages].reverse().find((candidate) => candidate.role === 'user');
	return textOf(message?.content);
}

/** The tools called since the contact's message, in order, each with what it returned. @param {{ messages: any[] }} request */
function callsSinceContact(request) {
	const start = request.messages.map((message) => message.role).lastIndexOf('user');
	const after = request.messages.slice(start + 1);
	const results = new Map(
		after.filter((message) => message.role === 'tool').map((message) => [message.tool_call_id, textOf(message.content)]),
	);
	return after.flatMap((message) => message.tool_calls ?? []).map((call) => ({ name: call.function.name, result: results.get(call.id) }));
}

/** The tool whose name matches `pattern` in a request, or an error listing what was offered. */
function toolNamed(request, pattern) {
	const tool = request.tools.find((candidate) => pattern.test(candidate.function.name));
	if (!tool) throw new Error(`No tool matching ${pattern} among ${request.tools.map((t) => t.function.name).join(', ')}`);
	return tool.function;
}

/** The parsed content of the last tool result in the conversation. */
function lastToolResult(request) {
	const message = [...request.messages].reverse().find((candidate) => candidate.role === 'tool');
	if (!message) throw new Error('No tool result in the conversation yet');
	return parsed(textOf(message.content));
}

/** @param {string|undefined} text */
function parsed(text) {
	try {
		return JSON.parse(text ?? '');
	} catch {
		return text;
	}
}

/** A call of the offered tool matching `pattern` with `args`, through its approval gate when it has one. */
function callOf(request, pattern, args = {}) {
	const tool = toolNamed(request, pattern);
	const gated = Boolean(tool.parameters?.properties?.toolParameters);
	return { name: tool.name, arguments: gated ? { toolParameters: args, hitlParameters: {} } : args };
}

const offers = (request, pattern) => request.tools.some((tool) => pattern.test(tool.function.name));
const isGated = (request, pattern) => Boolean(toolNamed(request, pattern).parameters?.properties?.toolParameters);
const refused = (result) => /rejected the tool call|Nobody answered the approval request/i.test(result ?? '');

const HISTORY = /^Get_conversation_history$/;
const SEND = /^Send_message_in_conversation$/;
const TRANSFER = /^Transfer_to_a_person$/;
const COMPLETE = /^Complete_conversation$/;
const FIND = /^Find_contact_by_phone$/;
const TAG = /^Tag_contact$/;

/** @param {{ tools: any[], messages: any[] }} request */
function conversationTurn(request) {
	const calls = callsSinceContact(request);
	const called = (pattern) => calls.filter((call) => pattern.test(call.name));
	const text = contactText(request);
	const intent = intentOf(text);
	const one = (pattern, args) => ({ toolCalls: [callOf(request, pattern, args)] });
	if (offers(request, HISTORY) && !called(HISTORY).length) return one(HISTORY, { count: 20 });
	if (!called(SEND).length) {
		const answer =
			intent === 'person' && offers(request, TRANSFER) && isGated(request, TRANSFER)
				? ANSWERS.personGated
				: typeof ANSWERS[intent] === 'string'
					? ANSWERS[intent]
					: ANSWERS.other(text);
		return one(SEND, { message: answer });
	}
	const action = { person: TRANSFER, goodbye: COMPLETE }[intent];
	if (action && offers(request, action) && !called(action).length) return one(action);
	const actionResult = action && called(action)[0]?.result;
	if (refused(actionResult) && called(SEND).length === 1) return one(SEND, { message: ANSWERS.declined });
	return { text: `Done (${intent}${actionResult === undefined ? '' : refused(actionResult) ? ', not approved' : ', approved'}).` };
}

/** @param {{ tools: any[], messages: any[] }} request */
function contactTaggingTurn(request) {
	const calls = callsSinceContact(request);
	const text = contactText(request);
	const phone = /\+?\d[\d\s()-]{8,}\d/.exec(text)?.[0].replace(/\D/g, '');
	if (!phone) return { text: 'Give me the phone number with its country code, for example: Tag 5511999999999 as Gold.' };
	const found = calls.find((call) => FIND.test(call.name));
	if (!found) return { toolCalls: [callOf(request, FIND, { phone })] };
	const result = parsed(found.result);
	const contact = Array.isArray(result) ? result[0] : result;
	if (!contact?.id) return { text: `I found no contact with the phone number ${phone}: ${String(found.result).slice(0, 200)}` };
	const tags = /\b(?:as|com a tag|tag)\s+["']?([^"'.!?]+)["']?[.!?]*\s*$/i.exec(text.replace(/^\s*tag\s+\S+/i, ''))?.[1]?.trim();
	if (!tags) return { text: `${contact.name ?? 'The contact'} (${contact.id}) has the phone number ${phone}.` };
	if (!calls.some((call) => TAG.test(call.name))) return { toolCalls: [callOf(request, TAG, { contactId: contact.id, tags })] };
	return { text: `Done: ${contact.name ?? contact.id} now has the tag ${tags}.` };
}

/**
 * The next decision for a chat completion request.
 * @param {{ tools: any[], messages: any[] }} request
 * @returns {import('./openAiWire').Decision}
 */
function decide(request) {
	if (offers(request, SEND)) return conversationTurn(request);
	if (offers(request, FIND) && offers(request, TAG)) return contactTaggingTurn(request);
	const offered = request.tools.map((tool) => tool.function.name);
	return {
		text: `I am the Helena sandbox's stand-in model: I follow a script for the example workflows, and do not understand other requests. You wrote: "${contactText(request).slice(0, 200)}"${offered.length ? ` (tools offered: ${offered.join(', ')})` : ''}. For real answers, pick an OpenAI credential of your own in the OpenAI Chat Model node.`,
	};
}

module.exports = { ANSWERS, contactText, decide, intentOf, lastToolResult, toolNamed };
