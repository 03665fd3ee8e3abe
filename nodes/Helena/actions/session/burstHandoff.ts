import type { IDataObject } from 'n8n-workflow';

import type { Entry } from './burst';
import { newestFromPerson } from './burst';

/*
 * When the assistant steps aside: Helena's own state of the conversation says who owns it (see docs/ai-agent.md,
 * "When a person takes over"). Read from the conversation and the page Collect Burst reads anyway.
 */

export interface Handoff {
	/** No output while an agent (userId) or Helena's chatbot (botId) has the conversation. */
	whenAssigned: boolean;
	/** Lower-case department IDs the assistant answers in (with conversations in no department); undefined: any. */
	servedDepartments: string[] | undefined;
	/** No output for this long (ms) after a person wrote in the conversation; 0: off. */
	afterPersonMs: number;
}

/** Why nothing goes on for a person, or undefined when the assistant may answer. `now`: Helena's time, in ms. */
export function whyStepAside(session: IDataObject, entries: Entry[], now: number, handoff: Handoff): string | undefined {
	if (session.status === 'COMPLETED') return 'the conversation is completed';
	if (handoff.whenAssigned && typeof session.userId === 'string' && session.userId)
		return `an agent (user ${session.userId}) is assigned to the conversation (status ${String(session.status)})`;
	if (handoff.whenAssigned && typeof session.botId === 'string' && session.botId)
		return `Helena's chatbot ${session.botId} runs in the conversation`;
	const department = typeof session.departmentId === 'string' ? session.departmentId.toLowerCase() : '';
	if (handoff.servedDepartments && department && !handoff.servedDepartments.includes(department))
		return `the conversation waits in department ${department}, which is not one of the Departments the Assistant Serves`;
	const person = newestFromPerson(entries);
	if (handoff.afterPersonMs > 0 && person && now - person.at < handoff.afterPersonMs) {
		const minutes = Math.max(0, Math.round((now - person.at) / 60_000));
		return `a person wrote in the conversation ${minutes === 0 ? 'less than a minute' : `${minutes} min`} ago`;
	}
	return undefined;
}
