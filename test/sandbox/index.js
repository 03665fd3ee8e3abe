'use strict';

/**
 * Helena core API sandbox: a real HTTP server with in-memory state.
 *
 *   const { startSandbox } = require('./test/sandbox');
 *   const sb = await startSandbox({ port: 0, apiKey: 'test-key' });
 *   // requests go to `${sb.url}/core/v1/...`; control API under `${sb.url}/__sandbox/...`
 *   await sb.close();
 */

const { createServer } = require('./server');
const { Faults } = require('./faults');
const { Misbehaviour } = require('./misbehave');
const { Holds } = require('./holds');
const { Deliverer } = require('./webhooks');
const { toPublicSubscription } = require('./webhooks');
const { toPublicDepartment } = require('./departments');
const { toPublicContact, ALL_DETAILS } = require('./contactStore');
const { buildState, seedContacts, demoPhone, COMPANY_ID } = require('./seed');
const { eventContent } = require('./eventSamples');
const { stableId } = require('./ids');
const { chatControl, chatDemo } = require('./chat/control');
const { crmControl, crmDemo } = require('./crm/control');
const { listsControl, listsDemo } = require('./lists/control');
const { ContractCheck, contractLedger, writeLedger } = require('./contractCheck');
const { Variations } = require('./variations');
const { setClock } = require('./clock');
const { setPageOrder, setPageSizeCap } = require('./pageOrder');
const { setAfterBound } = require('./afterBound');
const { MediaOrigin } = require('./mediaOrigin');
const { chatOf } = require('./chat/store');
const { crmOf } = require('./crm/store');
const { restore, keepInFile } = require('./persist');
const { SandboxModel } = require('./model');

const DEFAULT_API_KEY = 'helena-sandbox-key';

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port]              0 (default) = random free port; host is always 127.0.0.1
 * @property {string} [apiKey]            default 'helena-sandbox-key'
 * @property {'demo'|'empty'} [seed]      default 'demo'
 * @property {number} [latencyMs]
 * @property {number} [rate429]
 * @property {number} [rate5xx]
 * @property {number} [retryAfterSeconds]
 * @property {boolean} [enforceRateLimits]
 * @property {number} [randomSeed]        PRNG seed of the fault injection, default 1
 * @property {{ windowMs: number, max: number }[]} [rateLimits]  override the vendor windows (tests)
 * @property {number} [deliveryTimeoutMs] how long a webhook delivery waits for the subscriber's answer, default 5000
 * @property {number} [chatStepMs]        ms between the delivery steps of a sent message (0 = only `chat.advance()`), default 150
 * @property {Partial<import('./variations').VariationSettings>} [variations]  forms the service varies (variations.js)
 * @property {string} [stateFile]         keep the records in this file: read at the start when it is there, written
 *   after each change (persist.js; `npm start` keeps them in .dev/). Without it (the tests) every start is the seed.
 */

class Sandbox {
	/** @param {SandboxOptions} options */
	constructor(options = {}) {
		this.apiKey = options.apiKey ?? DEFAULT_API_KEY;
		this.seedName = options.seed ?? 'demo';
		/** @type {import('./state').SandboxState} */
		this.state = buildState(this.seedName);
		this.faults = new Faults(options);
		this.misbehaviour = new Misbehaviour();
		this.holds = new Holds();
		this.variations = new Variations(options.variations);
		/** Every /core request is held against the contract; there is no lenient mode (see contractCheck.js). */
		this.contract = new ContractCheck(this.variations);
		/** @type {import('./server').LoggedRequest[]} */
		this.requests = [];
		/** @type {any[]} */
		this.deliveries = [];
		/** @type {string|undefined} when set, this event is delivered the moment a subscription is created */
		this.deliverOnSubscribe = undefined;
		this.deliverer = new Deliverer(
			() => this.state,
			this.deliveries,
			() => this.variations.webhookDate(),
			options.deliveryTimeoutMs,
		);
		/** The stand-in chat model at `${url}/v1` (model/index.js). */
		this.model = new SandboxModel();
		this.server = createServer(this);
		this.url = '';
		this.chatStepMs = options.chatStepMs ?? 150;
		this.closed = false;
		/** The host of message files, on its own port: another origin than the API (mediaOrigin.js). */
		this.media = new MediaOrigin(
			() => chatOf(this.state).files,
			() => this.apiKey,
		);
		this.chat = chatControl(this);
		this.crm = crmControl(this);
		this.lists = listsControl(this);
		/** @type {{ restored: boolean, problem?: string }} whether the records came from `stateFile` */
		this.kept = { restored: false };
		this.keeper = undefined;
		if (options.stateFile) {
			this.kept = restore(this, options.stateFile);
			// a message still on its way when the sandbox stopped has arrived since
			if (this.kept.restored) this.chat.settle({ quietly: true });
			this.keeper = keepInFile(this, options.stateFile);
		}
		for (const name of [
			'changed',
			'clearRequests',
			'setFaults',
			'failNext',
			'seedContacts',
			'reset',
			'deliver',
			'holdDeliveries',
			'releaseDeliveries',
			'deliverTwice',
			'redeliver',
			'waitForDeliveries',
			'close',
			'snapshot',
			'counts',
			'setVariations',
			'takeViolations',
			'contractStats',
			'setClock',
			'setPageOrder',
			'setPageSizeCap',
			'setAfterBound',
			'hold',
		])
			this[name] = this[name].bind(this);
	}

	/** @param {number} port */
	async listen(port) {
		await this.media.listen();
		return await new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, '127.0.0.1', () => {
				this.server.off('error', reject);
				const address = /** @type {import('node:net').AddressInfo} */ (this.server.address());
				this.url = `http://127.0.0.1:${address.port}`;
				this.state.origin = this.url;
				resolve(this);
			});
		});
	}

	/** Something changed the records: a kept sandbox saves them (persist.js). */
	changed() {
		this.keeper?.changed();
	}

	clearRequests() {
		this.requests.length = 0;
	}

	/** Partial update of latencyMs, rate429, rate5xx, retryAfterSeconds, enforceRateLimits (and randomSeed). */
	setFaults(patch = {}) {
		return this.faults.set(patch);
	}

	/** Partial update of the legitimate variations (variations.js). */
	setVariations(patch = {}) {
		return this.variations.set(patch);
	}

	/**
	 * Violations this sandbox recorded, handed to a test that provoked them on purpose (they then no
	 * longer count against the run).
	 */
	takeViolations() {
		return this.contract.takeViolations();
	}

	/** Requests held against the contract and violations: this sandbox's, and the process's. */
	contractStats() {
		return { validated: this.contract.validated, violations: this.contract.violations.length, process: contractLedger() };
	}

	/**
	 * The next `count` matching /core requests answer `status` with the API error body, unapplied.
	 * @param {number} count
	 * @param {{ status?: number, retryAfterSeconds?: number, method?: string, path?: string|RegExp }} [options]
	 */
	failNext(count, options = {}) {
		this.faults.failNext(count, options);
	}

	/** The clock behind createdAt/updatedAt (see clock.js). @param {Parameters<typeof setClock>[0]} change */
	setClock(change) {
		return setClock(change);
	}

	/** @param {'sorted' | 'reversed'} order items inside a contact list page (see pageOrder.js) */
	setPageOrder(order) {
		return setPageOrder(order);
	}

	/** @param {number} [size] the most contacts a list page holds, whatever PageSize asks (see pageOrder.js) */
	setPageSizeCap(size) {
		return setPageSizeCap(size);
	}

	/** @param {'exclusive' | 'inclusive'} reading whether the lists' `*.After` bounds list a record stamped exactly at them (see afterBound.js) */
	setAfterBound(reading) {
		return setAfterBound(reading);
	}

	/**
	 * Matching requests wait, unanswered and unapplied, until `release()` (see holds.js); `waiting` lists their paths.
	 * @param {{ method?: string, path?: string|RegExp }} [match]
	 */
	hold(match) {
		return this.holds.add(match);
	}

	/** @param {number} n @param {{ prefix?: string }} [options] */
	seedContacts(n, options = {}) {
		return seedContacts(this.state, n, options);
	}

	/** Wipe state and reseed; the request log, deliveries log and faults are kept. @param {'demo'|'empty'} [seed] */
	reset(seed = this.seedName) {
		this.state = buildState(seed);
		this.state.origin = this.url || undefined;
		this.seedName = seed;
		this.changed();
	}

	/**
	 * Deliver an event to every enabled subscription listing it. Its content names records the sandbox has
	 * (built around the references in `content`, which must exist: see eventSamples.js).
	 * @param {string} eventType
	 * @param {Record<string, unknown>} [content]
	 */
	async deliver(eventType, content) {
		if (!this.state.events.some((e) => e.event === eventType)) throw new Error(`Unknown event type '${eventType}'`);
		return this.deliverer.deliver(eventType, eventContent(this.state, eventType, content));
	}

	/**
	 * Deliveries (of `eventType` only, when given; those `accept` says yes to, when given) wait unsent until
	 * `releaseDeliveries()`: late deliveries.
	 * @param {string} [eventType] @param {(content: any) => boolean} [accept]
	 */
	holdDeliveries(eventType, accept) {
		return this.deliverer.hold(eventType, accept);
	}

	/**
	 * Sends the held deliveries one after the other, as they happened or newest first (out of order); `twice`: each
	 * as two identical deliveries at once (duplicates racing each other).
	 * @param {{ order?: 'asHeld'|'reversed', twice?: boolean }} [options]
	 */
	releaseDeliveries(options) {
		return this.deliverer.release(options);
	}

	/**
	 * Each delivery `accept` says yes to goes out twice at the same moment (duplicates racing each other), or as
	 * many times as it returns (a number: a duplicate storm), until called with `undefined`.
	 * @param {((eventType: string, content: any) => boolean|number)|undefined} accept
	 */
	deliverTwice(accept) {
		this.deliverer.twice(accept);
	}

	/**
	 * Sends a delivery of the log (`deliveries`) again, unchanged: a duplicate, as Helena may send.
	 * @param {number | ((entry: any) => boolean)} which its index in the log, or the last one that matches
	 */
	redeliver(which) {
		return this.deliverer.redeliver(which);
	}

	/** Resolves once every delivery started so far (including automatic CONTACT_* ones) has finished. */
	waitForDeliveries() {
		return this.deliverer.idle();
	}

	counts() {
		const s = this.state;
		return {
			contacts: s.contacts.size,
			tags: s.tags.size,
			portfolios: s.portfolios.size,
			customFields: s.customFields.size,
			departments: s.departments.size,
			channels: s.channels.size,
			users: s.users.size,
			subscriptions: s.subscriptions.size,
			events: s.events.length,
			sequences: this.lists.sequences().length,
			conversations: this.chat.sessions().length,
			panels: crmOf(s).panels.size,
			cards: crmOf(s).cards.size,
		};
	}

	/** JSON view of the state (GET /__sandbox/state). */
	snapshot() {
		const s = this.state;
		return {
			seed: this.seedName,
			counts: this.counts(),
			subscriptions: [...s.subscriptions.values()].map((x) => toPublicSubscription(s, x)),
			contacts: [...s.contacts.values()].map((c) => toPublicContact(s, c, ALL_DETAILS)),
			departments: [...s.departments.values()].map((d) => toPublicDepartment(s, d, { agents: true, channels: true })),
			tags: this.lists.tags(),
			sequences: this.lists.sequences(),
			portfolios: [...s.portfolios.values()],
			users: [...s.users.values()],
			channels: [...s.channels.values()],
		};
	}

	async close() {
		this.misbehaviour.clear();
		this.holds.releaseAll();
		this.closed = true;
		this.keeper?.stop();
		this.keeper?.flush();
		writeLedger();
		await this.deliverer.close();
		await this.media.close();
		await new Promise((resolve) => {
			this.server.close(() => resolve(undefined));
			this.server.closeAllConnections();
		});
	}
}

/**
 * @param {SandboxOptions} [options]
 * @returns {Promise<Sandbox>}
 */
async function startSandbox(options = {}) {
	const sandbox = new Sandbox(options);
	return sandbox.listen(options.port ?? 0);
}

/** Stable demo identifiers, for tests that want to name a seeded record. */
const demo = {
	companyId: COMPANY_ID,
	contactId: (n) => stableId('contact', n),
	contactPhone: demoPhone,
	tagId: (name) => stableId('tag', name),
	portfolioId: (name) => stableId('portfolio', name),
	departmentId: (name) => stableId('department', name),
	userId: (name) => stableId('user', name),
	channelId: (name) => stableId('channel', name),
	customFieldId: (key) => stableId('custom-field', key),
	...chatDemo,
	...crmDemo,
	...listsDemo,
};

module.exports = { startSandbox, Sandbox, DEFAULT_API_KEY, demo };
