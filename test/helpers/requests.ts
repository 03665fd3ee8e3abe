import type { SandboxFixture } from '../engine/sandbox';

/** What a user checks in the API log: method, decoded path, query and body of each request. */
export function requestsSent(helena: SandboxFixture) {
	return helena.apiRequests().map(({ method, decodedPath, query, body }) => ({
		method,
		path: decodedPath,
		query,
		body,
	}));
}

/** A resource-locator value as the editor stores it. */
export function byId(value: string) {
	return { __rl: true, mode: 'id', value };
}

export function fromList(value: string, cachedResultName: string) {
	return { __rl: true, mode: 'list', value, cachedResultName };
}

/** A contact locator given by phone number. */
export function byPhone(value: string) {
	return { __rl: true, mode: 'phone', value };
}
