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
