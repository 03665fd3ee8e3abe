'use strict';

const ANSWER_LINE = /^(\S.*?):[ \t]+(https?:\/\/\S+)$/;

/**
 * The answers of a Send and Wait question: a message sent to the contact that ends, after a blank line, in lines
 * "Label: link" only (as the node composes it: the question, a blank line, one line per answer). The text is then
 * the question, and each answer a labelled link; any other text keeps its links inside it.
 * @param {string|null} text @returns {{ text: string|null, answers: { label: string, url: string }[] }}
 */
function answersOf(text) {
	const at = text ? text.lastIndexOf('\n\n') : -1;
	if (at < 0) return { text, answers: [] };
	const lines = text.slice(at + 2).split('\n');
	const answers = lines.map((line) => ANSWER_LINE.exec(line)).map((match) => match && { label: match[1], url: match[2] });
	if (!answers.every(Boolean)) return { text, answers: [] };
	return { text: text.slice(0, at), answers: /** @type {{ label: string, url: string }[]} */ (answers) };
}

module.exports = { answersOf };
