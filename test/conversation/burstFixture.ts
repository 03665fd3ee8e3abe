import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { MARIA_PHONE } from '../chat/chatFixture';
import type { SandboxFixture } from '../engine/sandbox';

/** Maria writes; her conversation and the message, as the trigger's item shows them. */
export function mariaWrites(helena: SandboxFixture, text: string) {
	const session = helena.sandbox.chat.contactWrites(MARIA_PHONE, text) as { id: string };
	const history = helena.sandbox.chat.history(session.id) as Array<{ id: string }>;
	return { sessionId: session.id, id: history[history.length - 1].id };
}

/**
 * The demo leaves Maria's last messages unanswered: before each test the team answers them, so that each test's
 * burst is its own. Returns her conversation's ID, as of the current test.
 */
export function answeredBeforeEach(helena: SandboxFixture): () => string {
	let sessionId = '';
	beforeEach(async () => {
		sessionId = mariaWrites(helena, 'olá').sessionId;
		// a few ms apart: messages of one millisecond are ordered by ID
		await sleep(5);
		helena.sandbox.chat.teamWrites(sessionId, 'Olá, Maria! Como posso ajudar?');
		helena.sandbox.clearRequests();
		await sleep(5);
	});
	return () => sessionId;
}

/** One execution of Collect Burst for a received message, started as Helena Trigger would start it. */
export function collectWith(helena: SandboxFixture) {
	return async (message: { sessionId: string; id: string }, parameters: INodeParameters = {}) =>
		await helena.run({ resource: 'session', operation: 'collectBurst', quietTime: 1, ...parameters }, { items: [{ content: message }] });
}

export type BurstRun = Awaited<ReturnType<ReturnType<typeof collectWith>>>;

/** The message IDs of each burst that went on. */
export const bursts = (runs: BurstRun[]) => runs.flatMap((run) => run.items.map((item) => item.json.messageIds as string[]));

/** Each message in exactly one burst that went on, and no execution failed. */
export function expectEachOnce(runs: BurstRun[], messages: Array<{ id: string }>): void {
	expect(runs.map((run) => run.error?.message)).toEqual(runs.map(() => undefined));
	expect(bursts(runs).flat().sort()).toEqual(messages.map((message) => message.id).sort());
}

/** Why an execution went on with nothing, as n8n's execution list shows it. */
export const why = (run: BurstRun) => run.run.data.resultData.metadata?.collectBurst;

/** From now on Helena lists the page's oldest message without any stamp (an old message of another system, say). */
export function oldestListedWithoutStamp(helena: SandboxFixture): void {
	helena.sandbox.misbehaviour.always({
		method: 'GET',
		path: /\/message$/,
		reshape: (answer: IDataObject) => ({
			...answer,
			items: (answer.items as IDataObject[]).map((item, index, items) =>
				index === items.length - 1 ? { ...item, createdAt: null, timestamp: null } : item,
			),
		}),
	});
}
