// node:test reporter for the e2e suites: one line per test, the error under a failure, and a summary that
// counts a cancelled test as failed, with the reason (node's own summary says "fail 0" when a failed hook
// cancelled every test after it).
const indent = (nesting) => '  '.repeat(nesting);
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const firstLines = (text, count = 12) => String(text).split('\n').slice(0, count).join('\n');

function reasonOf(error) {
	if (!error) return 'unknown';
	const cause = error.cause;
	if (cause && typeof cause === 'object' && 'message' in cause) return cause.message;
	return String(cause ?? error.message);
}

export default async function* e2eReporter(source) {
	let passed = 0;
	let failed = 0;
	let cancelled = 0;
	const reasons = new Map();
	for await (const { type, data } of source) {
		if (type === 'test:diagnostic') {
			if (!/^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(data.message))
				yield `${indent(data.nesting)}# ${data.message}\n`;
			continue;
		}
		const leaf = data.details?.type !== 'suite';
		if (type === 'test:pass') {
			if (leaf) passed += 1;
			yield `${indent(data.nesting)}✔ ${data.name} (${seconds(data.details.duration_ms)})\n`;
		} else if (type === 'test:fail') {
			const error = data.details.error;
			if (error?.failureType === 'cancelledByParent') {
				cancelled += 1;
				yield `${indent(data.nesting)}✖ ${data.name} (cancelled: its suite or a hook failed)\n`;
				continue;
			}
			if (leaf) failed += 1;
			const reason = firstLines(reasonOf(error));
			if (error?.failureType === 'hookFailed') reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
			yield `${indent(data.nesting)}✖ ${data.name}\n${indent(data.nesting + 2)}${reason.replaceAll('\n', `\n${indent(data.nesting + 2)}`)}\n`;
		}
	}
	const total = failed + cancelled;
	yield `\n# e2e summary: ${passed} passed, ${total} failed${cancelled ? ` (${cancelled} of them cancelled because a hook or their suite failed)` : ''}\n`;
	for (const [reason, count] of reasons) yield `# failed hook (${count}×): ${firstLines(reason, 3)}\n`;
	if (total) yield '# What to do: read the first failure above; n8n problems are explained in the log it names.\n';
}
