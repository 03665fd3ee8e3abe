import { NodeApiError } from 'n8n-workflow';

import type { HelenaContext } from './request';
import { credentialKey } from './request';

/**
 * Helena's documents spell the tag-removal value two ways: `ExcluiIfExists` (the API spec) and
 * `DeleteIfExists` (the vendor's current reference). A removal goes out in the spelling that worked
 * for this credential; before one has worked, in the operation's own spelling, and a 400 to it is
 * answered by sending the other once. So a process pays at most one refused request per credential.
 */
export const TAG_REMOVAL_SPELLINGS = ['ExcluiIfExists', 'DeleteIfExists'] as const;
export type TagRemovalSpelling = (typeof TAG_REMOVAL_SPELLINGS)[number];

const understood = new Map<string, TagRemovalSpelling>();
const probing = new Map<string, Promise<unknown>>();

const isRefusal = (error: unknown) => error instanceof NodeApiError && String(error.httpCode) === '400';

/**
 * Sends a tag removal with `send(spelling)`, in the spelling this credential's Helena understands.
 * @param spelling the operation's own spelling, tried first while none is known
 */
export async function sendTagRemoval<T>(
	context: HelenaContext,
	spelling: TagRemovalSpelling,
	send: (spelling: TagRemovalSpelling) => Promise<T>,
): Promise<T> {
	const key = await credentialKey(context);
	// parallel items wait for the first probe instead of each paying a refused request
	while (!understood.has(key) && probing.has(key)) await probing.get(key)!.catch(() => undefined);
	const known = understood.get(key);
	if (known) return await send(known);

	const learn = async (candidate: TagRemovalSpelling) => {
		const result = await send(candidate);
		understood.set(key, candidate);
		return result;
	};
	const other = TAG_REMOVAL_SPELLINGS.find((candidate) => candidate !== spelling)!;
	// only a refusal (400) is answered with the other spelling; any other failure stands
	const probe = learn(spelling).catch(async (error: unknown) => (isRefusal(error) ? await learn(other) : await Promise.reject(error)));
	probing.set(key, probe);
	try {
		return await probe;
	} finally {
		probing.delete(key);
	}
}

/** Whether a tag-operation value is the removal (in either spelling). */
export function isTagRemoval(value: unknown): value is TagRemovalSpelling {
	return (TAG_REMOVAL_SPELLINGS as readonly unknown[]).includes(value);
}
