import { NodeApiError } from 'n8n-workflow';

import { RecentlyUsed } from '../helpers/cache';
import type { HelenaContext } from './request';
import { credentialKey } from './request';

/**
 * Helena spells the tag-removal value two ways: `DeleteIfExists` (its API reference, the newer reading) and
 * `ExcluiIfExists` (the older API spec). A removal goes out in the spelling that worked for this credential;
 * before one has worked, as `DeleteIfExists`, and a 400 refusing that spelling is answered by sending
 * `ExcluiIfExists` once.
 * So a process pays at most one refused request per credential, and none where Helena reads the reference.
 */
export const TAG_REMOVAL_SPELLINGS = ['DeleteIfExists', 'ExcluiIfExists'] as const;
export type TagRemovalSpelling = (typeof TAG_REMOVAL_SPELLINGS)[number];

const [FIRST, FALLBACK] = TAG_REMOVAL_SPELLINGS;
const understood = new RecentlyUsed<string, TagRemovalSpelling>(1_000);
const probing = new Map<string, Promise<unknown>>();

/**
 * A 400 that is about the removal's spelling: Helena's text or validation errors name the tag operation, or
 * say nothing at all. A 400 that names something else (an unknown tag) stands: the other spelling would fail
 * the same way, one request later, and hide the reason.
 */
function isSpellingRefusal(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || String(error.httpCode) !== '400') return false;
	const { text, errors } = (error.errorResponse ?? {}) as { text?: unknown; errors?: unknown };
	const said = [text, errors].filter((part) => typeof part === 'string').join(' ');
	return said === '' || /operation/i.test(said);
}

/** Sends a tag removal with `send(spelling)`, in the spelling this credential's Helena understands. */
export async function sendTagRemoval<T>(context: HelenaContext, send: (spelling: TagRemovalSpelling) => Promise<T>): Promise<T> {
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
	// only a refusal of the spelling is answered with the other one; any other failure stands
	const probe = learn(FIRST).catch(async (error: unknown) =>
		isSpellingRefusal(error) ? await learn(FALLBACK) : await Promise.reject(error),
	);
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
