import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/** What the trigger keeps between activation, deliveries and deactivation (workflow static data). */
export interface TriggerStaticData extends IDataObject {
	subscriptionId?: string;
	token?: string;
}

/** A webhook subscription as Helena returns it; `events` are objects in responses, strings in requests. */
export interface Subscription extends IDataObject {
	id: string;
	createdAt?: string;
	name?: string | null;
	url?: string | null;
	enabled?: boolean | null;
	events?: Array<{ event?: string | null } | string> | null;
}

export const MAX_NAME_LENGTH = 100;
export const MAX_URL_LENGTH = 500;
const TOKEN_PARAMETER = 'token';
const TOKEN_BYTES = 32;

/** A fresh secret for the subscription URL: 256 random bits, URL-safe. */
export function newToken(): string {
	return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The URL Helena posts to: the node's webhook URL with the secret token in the query. */
export function subscriptionUrl(webhookUrl: string, token: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set(TOKEN_PARAMETER, token);
	return url.toString();
}

/** Length of every subscription URL for this webhook URL (tokens have a fixed length). */
export function subscriptionUrlLength(webhookUrl: string): number {
	return subscriptionUrl(webhookUrl, newToken()).length;
}

/** Origin and path, without query or trailing slash; undefined when it is not a URL. */
function endpointOf(url: string | null | undefined): string | undefined {
	if (!url) return undefined;
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
	} catch {
		return undefined;
	}
}

/** Whether the subscription delivers to this webhook URL, whatever token it carries. */
export function pointsTo(subscription: Subscription, webhookUrl: string): boolean {
	const endpoint = endpointOf(subscription.url);
	return endpoint !== undefined && endpoint === endpointOf(webhookUrl);
}

export function tokenOf(subscription: Subscription): string | undefined {
	try {
		return new URL(subscription.url ?? '').searchParams.get(TOKEN_PARAMETER) || undefined;
	} catch {
		return undefined;
	}
}

export function eventNamesOf(subscription: Subscription): string[] {
	return (subscription.events ?? [])
		.map((event) => (typeof event === 'string' ? event : event?.event))
		.filter((name): name is string => typeof name === 'string' && name !== '');
}

export function sameEvents(a: string[], b: string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((name) => right.has(name));
}

/**
 * The subscription this trigger takes as its own among those pointing to its URL: the one it stored,
 * else the one carrying its token, else the oldest with a token, else the oldest.
 */
export function pickOwn(candidates: Subscription[], stored: TriggerStaticData): Subscription | undefined {
	const oldestFirst = [...candidates].sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')));
	return (
		oldestFirst.find((subscription) => subscription.id === stored.subscriptionId) ??
		oldestFirst.find((subscription) => stored.token && tokenOf(subscription) === stored.token) ??
		oldestFirst.find((subscription) => tokenOf(subscription)) ??
		oldestFirst[0]
	);
}

/** Constant-time comparison; hashing first makes inputs of any length and encoding comparable. */
export function tokensMatch(given: unknown, expected: string | undefined): boolean {
	if (typeof given !== 'string' || !expected) return false;
	const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
	return timingSafeEqual(digest(given), digest(expected));
}

/** "n8n: <workflow name>", at most 100 characters, never cut inside a surrogate pair. */
export function subscriptionName(workflow: { id?: string; name?: string }, isTest: boolean): string {
	const label = workflow.name?.trim() || `workflow ${workflow.id ?? ''}`.trim();
	let name = `${isTest ? 'n8n test' : 'n8n'}: ${label}`;
	if (name.length > MAX_NAME_LENGTH) {
		name = name.slice(0, MAX_NAME_LENGTH);
		if (/[\uD800-\uDBFF]$/.test(name)) name = name.slice(0, -1);
	}
	return name;
}
