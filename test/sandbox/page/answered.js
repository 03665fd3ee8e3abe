'use strict';

/**
 * GET /__sandbox/page/answered?answer=<label>: where the answer buttons of the demo history's Send and Wait question
 * lead (chat/demoHistory.js). The question was answered long ago and the n8n execution that asked it is over, so
 * the page says what happened: who was asked what, which answer was given and when, what followed, and which
 * button was clicked now. A question a workflow sends links to n8n itself, which goes on with the answer.
 */

const { chatOf } = require('../chat/store');
const { ANSWERED_PATH, ANSWER_GIVEN } = require('../chat/demoHistory');
const { answersOf } = require('./answers');

const escape = (text) =>
	String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const when = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** @param {import('../index').Sandbox} sandbox @param {string|null} clicked the label of the button clicked */
function answeredPage(sandbox, clicked) {
	const { state } = sandbox;
	const chat = chatOf(state);
	const messages = [...chat.messages.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
	const asked = messages.find((message) => message.direction === 'TO_HUB' && message.text?.includes(`${ANSWERED_PATH}?answer=`));
	if (!asked)
		return {
			status: 404,
			html: page('No such question', '<p>This sandbox has no answered demo question (its demo data was reset or replaced).</p>'),
		};
	const { text: question, answers } = answersOf(asked.text);
	const given = answers[ANSWER_GIVEN]?.label;
	const contact = state.contacts.get(chat.sessions.get(asked.sessionId)?.contactId);
	const after = messages.filter((message) => message.sessionId === asked.sessionId && message.createdAt > asked.createdAt);
	const reply = after.find((message) => message.direction === 'TO_HUB');
	const body = [
		`<p>${escape(contact?.name ?? 'The contact')} was asked on ${when(asked.createdAt)}:</p>`,
		`<blockquote>${escape(question)}</blockquote>`,
		`<p>The answer given: <strong>${escape(given)}</strong>${reply ? ` (at ${when(reply.createdAt)} the workflow went on and wrote: <q>${escape(reply.text)}</q>)` : ''}.</p>`,
		clicked && clicked !== given ? `<p>The button clicked now, <strong>${escape(clicked)}</strong>, was not the answer given.</p>` : '',
		'<p>This is the demo history of the sandbox: the n8n execution that asked the question finished long ago, so its',
		'buttons open this page of the sandbox. A question sent by your own workflow (the example "Confirm appointment and',
		'wait") links to your n8n, which goes on with the answer clicked.</p>',
		'<p><a href="/">Back to the sandbox page</a></p>',
	].join('\n');
	return { status: 200, html: page('This question was answered', body) };
}

function page(title, body) {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>${escape(title)}</title><link rel="icon" href="data:," />
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:640px;margin:40px auto;padding:0 20px;color:#1f2933}
blockquote{margin:0;padding:8px 12px;background:#d9fdd3;border-radius:8px}</style></head>
<body><h1>${escape(title)}</h1>
${body}
</body></html>
`;
}

module.exports = { answeredPage };
