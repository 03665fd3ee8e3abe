'use strict';

/**
 * Webhook events, subscriptions (the spec's webhook section) and the delivery of events to subscribers
 * (Helena's webhooks guide: POST {eventType, date, content}, no signature, no custom headers).
 */

const { Agent, request } = require('undici');
const { badRequest, notFound } = require('./errors');
const { newId, nowIso, laterThan } = require('./ids');
const v = require('./validate');

/** The 16 events of the spec, descriptions as the live API reports them (GET /v1/webhook/event). */
const EVENTS = [
	['SESSION_NEW', 'Atendimento criado'],
	['SESSION_UPDATE', 'Atendimento alterado'],
	['SESSION_COMPLETE', 'Atendimento concluído'],
	['MESSAGE_RECEIVED', 'Mensagem recebida'],
	['MESSAGE_UPDATED', 'Mensagem atualizada'],
	['MESSAGE_SENT', 'Mensagem enviada'],
	['CONTACT_NEW', 'Contato criado'],
	['CONTACT_UPDATE', 'Contato alterado'],
	['CONTACT_TAG_UPDATE', 'Etiqueta do contato alterada'],
	['PAYMENT_NEW', 'Pagamento criado'],
	['PAYMENT_UPDATE', 'Pagamento alterado'],
	['PANEL_CARD_NEW', 'Card criado'],
	['PANEL_CARD_UPDATE', 'Card alterado'],
	['PANEL_CARD_STEP_CHANGE', 'Card movido de etapa'],
	['PANEL_CARD_NOTE_NEW', 'Anotação criada'],
	['PANEL_CARD_NOTE_UPDATE', 'Anotação alterada'],
].map(([event, description]) => ({ event, description }));

const UPDATE_FIELDS = /** @type {const} */ (['Name', 'Url', 'Events', 'Enabled']);
const NOT_FOUND_TEXT = 'Assinatura não encontrada';
/** How long a delivery waits for the subscriber's answer unless the sandbox is told otherwise (Helena documents none). */
const DEFAULT_DELIVERY_TIMEOUT_MS = 5000;

/** @typedef {import('./server').RouteContext} Ctx */

/** @param {import('./state').SandboxState} state @param {any} s */
function toPublicSubscription(state, s) {
	const descriptions = new Map(state.events.map((e) => [e.event, e.description]));
	return {
		id: s.id,
		createdAt: s.createdAt,
		updatedAt: s.updatedAt,
		companyId: s.companyId,
		name: s.name,
		url: s.url,
		enabled: s.enabled,
		events: s.events.map((event) => ({ event, description: descriptions.get(event) ?? null })),
	};
}

function readName(value) {
	const name = v.optString(value, 'name', { min: 1, max: 100 });
	if (!name) throw badRequest("O campo 'name' é obrigatório e deve ter entre 1 e 100 caracteres", 'name');
	return name;
}

function readUrl(value) {
	const url = v.optString(value, 'url', { min: 1, max: 500 });
	if (!url) throw badRequest("O campo 'url' é obrigatório e deve ter entre 1 e 500 caracteres", 'url');
	let parsed;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw badRequest(`URL inválida: '${url}'`, 'url');
	return url;
}

/** @param {import('./state').SandboxState} state */
function readEvents(state, value) {
	if (!Array.isArray(value) || value.length === 0) throw badRequest("O campo 'events' deve ter ao menos um evento", 'events');
	const known = state.events.map((e) => e.event);
	return [...new Set(value.map((e) => v.optEnum(e, known, 'events')))];
}

/** @param {Ctx} ctx */
function subscriptionFor(ctx) {
	const id = v.requireUuidParam(ctx.params.subscriptionId, 'subscriptionId');
	const s = ctx.state.subscriptions.get(id);
	if (!s) throw notFound(NOT_FOUND_TEXT);
	return s;
}

const BODY_KEYS = ['name', 'url', 'enabled', 'events', 'fields'];

/** @param {Ctx} ctx */
function create(ctx) {
	const { state } = ctx;
	const body = v.pickKnown(ctx.body ?? {}, BODY_KEYS);
	const now = nowIso();
	const s = {
		id: newId(),
		createdAt: now,
		updatedAt: now,
		companyId: state.companyId,
		name: readName(body.name),
		url: readUrl(body.url),
		enabled: v.optBool(body.enabled, 'enabled') ?? true,
		events: readEvents(state, body.events),
	};
	state.subscriptions.set(s.id, s);
	// Helena may deliver the moment a subscription exists, before its creator has even read the answer
	const eventType = ctx.sandbox?.deliverOnSubscribe;
	if (eventType) ctx.answerAfter = ctx.sandbox.deliver(eventType);
	return toPublicSubscription(state, s);
}

/** @param {Ctx} ctx */
function update(ctx) {
	const { state } = ctx;
	const s = subscriptionFor(ctx);
	const body = v.pickKnown(ctx.body ?? {}, BODY_KEYS);
	if (!Array.isArray(body.fields) || body.fields.length === 0)
		throw badRequest(`O campo 'fields' é obrigatório (valores aceitos: ${UPDATE_FIELDS.join(', ')})`, 'fields');
	const fields = new Set(body.fields.map((f) => v.optEnum(f, UPDATE_FIELDS, 'fields')));
	const next = {};
	if (fields.has('Name')) next.name = readName(body.name);
	if (fields.has('Url')) next.url = readUrl(body.url);
	if (fields.has('Events')) next.events = readEvents(state, body.events);
	if (fields.has('Enabled')) next.enabled = v.optBool(body.enabled, 'enabled') ?? true;
	Object.assign(s, next);
	s.updatedAt = laterThan(s.updatedAt);
	return toPublicSubscription(state, s);
}

const routes = {
	events: (ctx) => ctx.state.events.map((e) => ({ ...e })),
	list: (ctx) => [...ctx.state.subscriptions.values()].map((s) => toPublicSubscription(ctx.state, s)),
	get: (ctx) => toPublicSubscription(ctx.state, subscriptionFor(ctx)),
	create,
	update,
	remove: (ctx) => {
		ctx.state.subscriptions.delete(subscriptionFor(ctx).id);
		return undefined;
	},
};

/**
 * Sends events to subscribers. One undici Agent per sandbox, destroyed on close so pending
 * deliveries never keep the process alive.
 */
class Deliverer {
	/**
	 * @param {() => import('./state').SandboxState} getState
	 * @param {any[]} log
	 * @param {() => string} dateNow the `date` of a delivered event (its form is a variation)
	 * @param {number} [timeoutMs] how long a delivery waits for its answer
	 */
	constructor(getState, log, dateNow, timeoutMs = DEFAULT_DELIVERY_TIMEOUT_MS) {
		this.getState = getState;
		this.log = log;
		this.dateNow = dateNow;
		this.timeoutMs = timeoutMs;
		this.agent = new Agent({
			connect: { timeout: timeoutMs },
			headersTimeout: timeoutMs,
			bodyTimeout: timeoutMs,
		});
		/** @type {Set<Promise<unknown>>} */
		this.pending = new Set();
		this.closed = false;
		/** While held (`hold()`), deliveries wait here unsent until `release()`. @type {{ eventType: string, content: unknown }[]|undefined} */
		this.held = undefined;
		/** Deliveries it accepts go out twice (or as many times as it says) at once (`twice()`). @type {((eventType: string, content: any) => boolean|number)|undefined} */
		this.twiceIf = undefined;
	}

	/** @param {string} eventType */
	subscribersOf(eventType) {
		return [...this.getState().subscriptions.values()].filter((s) => s.enabled && s.events.includes(eventType));
	}

	/**
	 * POST the event to every enabled subscription listing it; never rejects.
	 * @param {string} eventType
	 * @param {unknown} content
	 * @returns {Promise<{ subscriptionId: string, url: string, status: number|null, error?: string }[]>}
	 */
	deliver(eventType, content) {
		if (this.held && (this.held.only === undefined || this.held.only === eventType) && (this.held.accept?.(content) ?? true)) {
			this.held.push({ eventType, content });
			return Promise.resolve([]);
		}
		const copies = this.twiceIf?.(eventType, content);
		const times = copies === true ? 2 : typeof copies === 'number' && copies > 1 ? Math.floor(copies) : 1;
		const targets = this.subscribersOf(eventType).flatMap((s) => Array(times).fill(s));
		const payload = JSON.stringify({ eventType, date: this.dateNow(), content });
		const work = Promise.all(targets.map((s) => this.send(s, eventType, payload)));
		this.pending.add(work);
		work.finally(() => this.pending.delete(work));
		return work;
	}

	/**
	 * Fire-and-forget delivery for state changes; builds the content only if someone listens,
	 * so bulk runs without subscriptions cost nothing.
	 * @param {string} eventType
	 * @param {() => unknown} makeContent
	 */
	notify(eventType, makeContent) {
		if (this.closed || this.subscribersOf(eventType).length === 0) return;
		void this.deliver(eventType, makeContent());
	}

	async send(subscription, eventType, payload) {
		const entry = {
			eventType,
			subscriptionId: subscription.id,
			url: subscription.url,
			body: JSON.parse(payload),
			status: /** @type {number|null} */ (null),
			error: /** @type {string|undefined} */ (undefined),
			at: Date.now(),
			durationMs: 0,
		};
		this.log.push(entry);
		try {
			if (this.closed) throw new Error('sandbox closed');
			const res = await request(subscription.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: payload,
				dispatcher: this.agent,
				signal: AbortSignal.timeout(this.timeoutMs),
			});
			await res.body.dump();
			entry.status = res.statusCode;
		} catch (err) {
			entry.error = err instanceof Error ? err.message : String(err);
		}
		entry.durationMs = Date.now() - entry.at;
		const result = { subscriptionId: entry.subscriptionId, url: entry.url, status: entry.status };
		return entry.error === undefined ? result : { ...result, error: entry.error };
	}

	/**
	 * From now on, deliveries (of `eventType` only, when given; those `accept` says yes to, when given) wait unsent,
	 * as Helena's deliveries can arrive late: `release()` sends them. Returns how many are held.
	 * @param {string} [eventType] @param {(content: any) => boolean} [accept]
	 */
	hold(eventType, accept) {
		if (!this.held) this.held = Object.assign([], { only: eventType, accept });
		return this.held.length;
	}

	/**
	 * From now on, each delivery `accept` says yes to goes out as two identical deliveries at the same moment (a
	 * retry racing the first attempt), or as many as it returns (a number: a storm); `undefined` ends it.
	 * @param {((eventType: string, content: any) => boolean|number)|undefined} accept
	 */
	twice(accept) {
		this.twiceIf = accept;
	}

	/**
	 * Sends what `hold()` kept, one after the other (each answered before the next leaves), in the order they
	 * happened or reversed (out of order: the newest first); `twice`: each as two identical deliveries at the same
	 * moment (a retry racing the first attempt). Deliveries go out at once again afterwards.
	 * @param {{ order?: 'asHeld'|'reversed', twice?: boolean }} [options]
	 */
	async release({ order = 'asHeld', twice = false } = {}) {
		const held = [...(this.held ?? [])];
		this.held = undefined;
		if (order === 'reversed') held.reverse();
		else if (order !== 'asHeld') throw new Error(`release: order is asHeld or reversed, not ${order}`);
		const results = [];
		for (const { eventType, content } of held) {
			const payload = JSON.stringify({ eventType, date: this.dateNow(), content });
			const copies = this.subscribersOf(eventType).flatMap((s) => (twice ? [s, s] : [s]));
			const work = Promise.all(copies.map((s) => this.send(s, eventType, payload)));
			this.pending.add(work);
			work.finally(() => this.pending.delete(work));
			results.push(...(await work));
		}
		return results;
	}

	/**
	 * Sends a delivery again, byte for byte (same `date` and content, same subscription), as Helena may deliver an
	 * event twice. `which` picks it from the log: its index there, or the last delivery that matches.
	 * @param {number | ((entry: any) => boolean)} which
	 */
	redeliver(which) {
		const entry = typeof which === 'number' ? this.log[which] : this.log.findLast(which);
		if (!entry) throw new Error('redeliver: no such delivery in the log');
		const work = this.send({ id: entry.subscriptionId, url: entry.url }, entry.eventType, JSON.stringify(entry.body)).then((result) => ({
			...result,
			redelivery: true,
		}));
		this.pending.add(work);
		work.finally(() => this.pending.delete(work));
		return work;
	}

	/** Resolves when every delivery started so far has finished. */
	async idle() {
		while (this.pending.size) await Promise.allSettled([...this.pending]);
	}

	async close() {
		this.closed = true;
		await this.agent.destroy().catch(() => {});
		await this.idle();
	}
}

module.exports = { EVENTS, routes, Deliverer, toPublicSubscription };
