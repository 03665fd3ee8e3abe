// npm run bench -- --only burst: one answer per burst, in a running n8n (the trigger needs the server), against the
// sandbox with its latency and the vendor's rate limits on. For bursts of 1, 4 and 20 messages (--burst-sizes), a
// contact writes them --burst-gap ms apart; Helena delivers MESSAGE_RECEIVED for each. Measured for Collect Burst
// and for the hand-built way (Wait + Get Messages + a Code node, bench/workflows.mjs): the answers the contact got,
// the reads of the conversation per message, the other requests, and the answer delay (from the burst's last
// message to the answer's arrival at Helena). A last leg sends the burst's last delivery twice, as Helena may.
import { N8n } from '../scripts/lib/n8n.mjs';
import { burstScenarios } from './workflows.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ install: any, userFolder: string, port: number, sandbox: any, sizes: number[], gapMs: number, quietSeconds: number, ways: string[], progress: (text: string) => void }} options
 */
export async function burstBench({ install, userFolder, port, sandbox, sizes, gapMs, quietSeconds, ways, progress }) {
	const n8n = new N8n({ install, userFolder, port, owner: { email: 'bench@helena.test', password: 'Bench-password-1' } });
	const workflows = Object.fromEntries(ways.map((way) => [way, burstScenarios[way](quietSeconds)]));
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
			const legs = [...sizes.map((size) => ({ size, duplicate: false })), { size: 4, duplicate: true }];
			for (const { size, duplicate } of legs) {
				progress(
					`Burst: ${way}, ${size} message(s) ${gapMs} ms apart${duplicate ? ', the last delivery sent twice' : ''}, quiet time ${quietSeconds} s`,
				);
				const before = (await executionsOf(n8n, workflow.id)).length;
				sandbox.clearRequests();
				const texts = Array.from({ length: size }, (_, i) => `mensagem ${i + 1} de ${size}`);
				const { session, messages } = await sandbox.chat.contactWritesBurst(`+55|2197${String(7000000 + ++phone)}`, texts, { gapMs });
				const lastAt = Date.now();
				await sandbox.waitForDeliveries();
				if (duplicate) {
					const last = messages.at(-1).id;
					await sandbox.redeliver((entry) => entry.eventType === 'MESSAGE_RECEIVED' && entry.body.content.id === last);
				}
				const deliveries = size + (duplicate ? 1 : 0);
				// every execution ended, and the quiet time again: a late answer would be counted
				let list = [];
				for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(500)) {
					list = (await executionsOf(n8n, workflow.id)).slice(0, -before || undefined);
					if (list.length >= deliveries && list.every((execution) => execution.stoppedAt)) break;
				}
				await sleep(quietSeconds * 1000 + 2000);
				list = (await executionsOf(n8n, workflow.id)).slice(0, -before || undefined);
				const mine = sandbox.requests.filter((request) => request.decodedPath.includes(session.id));
				const answers = mine.filter((request) => request.method === 'POST' && request.decodedPath.endsWith('/message'));
				const reads = mine.filter((request) => request.method === 'GET');
				results.push({
					way,
					size,
					duplicate,
					executions: list.length,
					failed: list.filter((execution) => execution.status === 'error' || execution.status === 'crashed').length,
					answers: answers.length,
					answerCount: answers.map((request) => request.body?.text?.match(/^Recebi (\d+)/)?.[1]).join(', '),
					reads: reads.length,
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
