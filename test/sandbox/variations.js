'use strict';

/**
 * What the real service legitimately varies, each a switch so tests can meet every form:
 * - statusCode: the error body's `httpStatusCode` as the .NET name (`NotFound`, what the reference
 *   documents), a number (`404`), upper-case with underscores (`NOT_FOUND`) or run together
 *   (`INTERNALSERVERERROR`, seen in a capture);
 * - notFound: a missing record as HTTP 500 with key FORM_ERROR (seen in a capture) or as a 404;
 * - validation: a type or format error as Helena's own error body or as ASP.NET's validation answer
 *   (`{ title: "One or more validation errors occurred.", status: 400, errors: { "$.field": [...] } }`);
 * - tagRemoval: which spelling of the tag-removal value the service understands: the reference's
 *   `DeleteIfExists` (vendor, the default: the contract's own reading), the older spec's `ExcluiIfExists`
 *   (seed) or both. The contract admits `ExcluiIfExists` only while this switch plays seed or both;
 * - webhookDate: a delivered event's `date` with 7 fractional digits and Z (the vendor's example),
 *   milliseconds, or whole seconds without a zone (the guide's wording);
 * - auth: which Authorization header form the service takes: `Bearer <key>` (the vendor's guide), the
 *   key as is (the spec's literal reading), or both.
 */

const crypto = require('node:crypto');
const { STATUS_NAMES, errorBody } = require('./errors');
const { TAG_REMOVAL } = require('./contract');

const CHOICES = {
	statusCode: ['name', 'number', 'upperSnake', 'upper'],
	notFound: ['formError500', 'http404'],
	validation: ['helena', 'aspnet'],
	tagRemoval: ['both', 'seed', 'vendor'],
	webhookDate: ['ticks', 'millis', 'seconds'],
	auth: ['both', 'bearer', 'raw'],
};

/** @typedef {{ statusCode: string, notFound: string, validation: string, tagRemoval: string, webhookDate: string, auth: string }} VariationSettings */

const DEFAULTS = {
	statusCode: 'name',
	notFound: 'formError500',
	validation: 'helena',
	tagRemoval: 'vendor',
	webhookDate: 'ticks',
	auth: 'both',
};

/** `NotFound` → `NOT_FOUND` */
const upperSnake = (name) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

class Variations {
	/** @param {Partial<VariationSettings>} [initial] */
	constructor(initial = {}) {
		/** @type {VariationSettings} */
		this.settings = { ...DEFAULTS };
		this.set(initial);
	}

	/** Partial update; an unknown switch or value is an error. @param {Record<string, unknown>} patch */
	set(patch = {}) {
		for (const [name, value] of Object.entries(patch)) {
			const allowed = CHOICES[name];
			if (!allowed) throw new Error(`unknown variation '${name}' (known: ${Object.keys(CHOICES).join(', ')})`);
			if (!allowed.includes(String(value))) throw new Error(`variation ${name} must be one of ${allowed.join(', ')}`);
			this.settings[name] = String(value);
		}
		return { ...this.settings };
	}

	reset() {
		this.settings = { ...DEFAULTS };
		return { ...this.settings };
	}

	/** @param {number} status */
	statusCodeValue(status) {
		const name = STATUS_NAMES[status] ?? String(status);
		switch (this.settings.statusCode) {
			case 'number':
				return status;
			case 'upperSnake':
				return upperSnake(name);
			case 'upper':
				return name.toUpperCase();
			default:
				return name;
		}
	}

	/**
	 * The status and body of an error answer.
	 * @param {import('./errors').ApiError} error
	 * @returns {{ status: number, body: unknown }}
	 */
	errorAnswer(error) {
		if (error.kind === 'notFound' && this.settings.notFound === 'http404') return this.helenaError(404, 'NOT_FOUND', error.text, null);
		if (error.kind === 'validation' && this.settings.validation === 'aspnet') {
			const field = /** @type {any} */ (error.details)?.field ?? 'body';
			return {
				status: 400,
				body: {
					type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
					title: 'One or more validation errors occurred.',
					status: 400,
					errors: { [`$.${field}`]: [error.text] },
					traceId: `00-${crypto.randomBytes(16).toString('hex')}-${crypto.randomBytes(8).toString('hex')}-00`,
				},
			};
		}
		return this.helenaError(error.status, error.key, error.text, error.details);
	}

	/** Helena's error body with `httpStatusCode` in the chosen form. */
	helenaError(status, key, text, details) {
		return { status, body: { ...errorBody(status, key, text, details), httpStatusCode: this.statusCodeValue(status) } };
	}

	/** Whether the emulated service understands this tag-operation value (other values are the contract's business). */
	understandsTagOperation(value) {
		const { tagRemoval } = this.settings;
		if (value === TAG_REMOVAL.seed) return tagRemoval !== 'vendor';
		if (value === TAG_REMOVAL.vendor) return tagRemoval !== 'seed';
		return true;
	}

	/** A delivered event's `date`. */
	webhookDate(date = new Date()) {
		const iso = date.toISOString();
		if (this.settings.webhookDate === 'millis') return iso;
		if (this.settings.webhookDate === 'seconds') return iso.slice(0, 19);
		const ticks = String(process.hrtime.bigint() % 10000n).padStart(4, '0');
		return `${iso.slice(0, 23)}${ticks}Z`;
	}
}

module.exports = { Variations, VARIATION_CHOICES: CHOICES, VARIATION_DEFAULTS: DEFAULTS };
