// npm run bench -- --only burst: one answer per burst, in a running n8n (the trigger needs the server), against the
// sandbox with its latency and the vendor's rate limits on. A contact writes --burst-gap ms apart; Helena delivers
// MESSAGE_RECEIVED for each. Measured for Collect Burst and for the hand-built way doing the same job (Wait + Get
// Messages + a Code node + Get Conversation for the handoff check, bench/workflows.mjs): the answers the contact
// got, the reads of the conversation per message, the other requests, and the answer's delay (from the burst's last
// message to the answer's arrival at Helena). The scenarios (SCENARIOS below): bursts of --burst-sizes messages; 4
// with the last delivered twice; 4 each delivered 3 times at once; and a late delivery.
import { N8n } from '../scripts/lib/n8n.mjs';
import { burstScenarios } from './workflows.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isMessage = (eventType) => eventType === 'MESSAGE_RECEIVED';

/**
 * How the contact writes and how Helena delivers, per scenario: `write(sandbox, phone, texts, options)` resolves
 * with the conversation, the messages' ids and when the last was written, once every delivery has gone out.
 */
const writeAsBurst = async (sandbox, phone, texts, { gapMs }) => {
	const { session, messages } = await sandbox.chat.contactWritesBurst(phone, texts, { gapMs });
	const lastAt = Date.now();
	await sandbox.waitForDeliveries();
	return { session, messages, lastAt };
};

const SCENARIOS = {
	plain: (size) => ({ label: String(size), size, deliveries: size, write: writeAsBurst }),
	lastTwice: () => ({
		label: '4, the last delivered twice',
		size: 4,
		deliveries: 5,
		async write(sandbox, phone, texts, options) {
			const written = await writeAsBurst(sandbox, phone, texts, options);
			const last = written.messages.at(-1).id;
			await sandbox.redeliver((entry) => isMessage(entry.eventType) && entry.body.content.id === last);
			return written;
		},
	}),
	storm: () => ({
		label: '4, each delivered 3 times at once',
		size: 4,
		deliveries: 12,
		async write(sandbox, phone, texts, options) {
			sandbox.deliverTwice((eventType) => isMessage(eventType) && 3);
			try {
				return await writeAsBurst(sandbox, phone, texts, options);
			} finally {
				sandbox.deliverTwice(undefined);
			}
		},
	}),
	/**
	 * The contact writes 2 messages, is silent for longer than the quiet time, then writes a third; the second's
	 * delivery reaches n8n only after the third was written (2 s past the quiet time: Helena's retry, or a busy
	 * webhook process). Nothing answered the first two, so the one answer holds all three.
	 */
	late: () => ({
		label: '3, the 2nd delivered late',
		size: 3,
		deliveries: 3,
		async write(sandbox, phone, texts, { gapMs, quietSeconds }) {
			sandbox.holdDeliveries('MESSAGE_RECEIVED', (content) => content.text === texts[1]);
			const { session } = await sandbox.chat.contactWritesBurst(phone, texts.slice(0, 2), { gapMs });
			await sleep(quietSeconds * 1000 + 1500);
			sandbox.chat.contactWrites(phone, texts[2]);
			const lastAt = Date.now();
			await sleep(500);
			await sandbox.releaseDeliveries();
			await sandbox.waitForDeliveries();
			return { session, lastAt };
		},
	}),
};

/**
 * @param {{ install: any, userFolder: string, port: number, sandbox: any, sizes: number[], gapMs: number, quietSeconds: number, ways: string[], progress: (text: string) => void }} options
 */
export async function burstBench({ install, userFolder, port, sandbox, sizes, gapMs, quietSeconds, ways, progress }) {
	const n8n = new N8n({ install, userFolder, port, owner: { email: 'bench@helena.test', password: 'Bench-password-1' } });
	const workflows = Object.fromEntries(ways.map((way) => [way, burstScenarios[way](quietSeconds)]));
	const scenarios = [...sizes.map((size) => SCENARIOS.plain(size)), SCENARIOS.lastTwice(), SCENARIOS.storm(), SCENARIOS.late()];
	await n8n.importWorkflows(Object.values(workflows));
	await n8n.start();
	const results = [];
	try {
		await n8n.signIn();
		await n8n.createApiKey();
		let phone = 0;
		for (const [way, workflow] of Object.entries(workflows)) {
			await n8n.api('POST', `/workflows/${workflow.id}/activate`);
			for (let wait = 0; sandbox.state.subscriptions.size !== 1 && wait < 100; wait++) await sleep(200);
			if (sandbox.state.subscriptions.size !== 1)
				throw new Error(`activating ${workflow.name}: ${sandbox.state.subscriptions.size} subscriptions`);
			for (const scenario of scenarios) {
				progress(`Burst: ${way}, ${scenario.label}, ${gapMs} ms apart, quiet time ${quietSeconds} s`);
				const before = (await executionsOf(n8n, workflow.id)).length;
				sandbox.clearRequests();
				const texts = Array.from({ length: scenario.size }, (_, i) => `mensagem ${i + 1} de ${scenario.size}`);
				const { session, lastAt } = await scenario.write(sandbox, `+55|2197${String(7000000 + ++phone)}`, texts, { gapMs, quietSeconds });
				// every execution ended, and the quiet time again: a late answer would be counted
				let list = [];
				for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(500)) {
					list = (await executionsOf(n8n, workflow.id)).slice(0, -before || undefined);
					if (list.length >= scenario.deliveries && list.every((execution) => execution.stoppedAt)) break;
				}
				await sleep(quietSeconds * 1000 + 2000);
				list = (await executionsOf(n8n, workflow.id)).slice(0, -before || undefined);
				const mine = sandbox.requests.filter((request) => request.decodedPath.includes(session.id));
				const answers = mine.filter((request) => request.method === 'POST' && request.decodedPath.endsWith('/message'));
				const reads = mine.filter((request) => request.method === 'GET');
				results.push({
					way,
					label: scenario.label,
					size: scenario.size,
					deliveries: scenario.deliveries,
					executions: list.length,
					failed: list.filter((execution) => execution.status === 'error' || execution.status === 'crashed').length,
					answers: answers.length,
					answerCount: answers.map((request) => request.body?.text?.match(/^Recebi (\d+)/)?.[1]).join(', '),
					reads: reads.length,
					messageReads: reads.filter((request) => request.decodedPath.endsWith('/message')).length,
					noteReads: reads.filter((request) => request.decodedPath.endsWith('/note')).length,
					otherRequests: mine.length - reads.length - answers.length,
					throttled: sandbox.requests.filter((request) => request.status === 429).length,
					delayMs: answers.length ? answers[0].at - lastAt : undefined,
				});
			}
			await n8n.api('POST', `/workflows/${workflow.id}/deactivate`);
			for (let wait = 0; sandbox.state.subscriptions.size !== 0 && wait < 100; wait++) await sleep(200);
		}
	} finally {
		await n8n.stop();
	}
	return results;
}

async function executionsOf(n8n, workflowId) {
	const all = [];
	let cursor;
	do {
		const query = new URLSearchParams({ workflowId, limit: '250' });
		if (cursor) query.set('cursor', cursor);
		const page = await n8n.api('GET', `/executions?${query}`);
		all.push(...page.data);
		cursor = page.nextCursor;
	} while (cursor);
	return all;
}
