'use strict';

/**
 * Input rules shared by the chat routes. The send family (`/chat/v1/send/...`) answers its 4xx as
 * RFC 7807 ProblemDetails; every other chat route uses the API's usual error body. Like the core
 * routes, the sandbox is stricter than the service: a key outside the documented body is a 400.
 */

const { ApiError, badRequest, invalidField } = require('../errors');
const { isUuid } = require('../ids');

/** A ProblemDetails 4xx (the `problem` body replaces the usual error body). */
function problem(status, detail, extensions = {}) {
	const error = new ApiError(status, 'PROBLEM', detail);
	const titles = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' };
	error.problem = {
		type: `https://tools.ietf.org/html/rfc9110#section-15.5.${status === 404 ? 5 : 1}`,
		title: titles[status] ?? 'Error',
		status,
		detail,
		...extensions,
	};
	return error;
}

/**
 * @param {unknown} body
 * @param {readonly string[]} allowed
 * @param {string} where
 * @param {boolean} asProblem
 * @returns {Record<string, any>}
 */
function strictBody(body, allowed, where, asProblem) {
	const fail = (text, field) => (asProblem ? problem(400, text, { field }) : badRequest(text, field));
	if (body === undefined || body === null) return {};
	if (typeof body !== 'object' || Array.isArray(body)) throw fail(`O corpo de '${where}' deve ser um objeto`, where);
	for (const key of Object.keys(body)) {
		if (!allowed.includes(key)) throw fail(`A propriedade '${key}' não existe em '${where}'`, key);
	}
	return /** @type {Record<string, any>} */ (body);
}

/** @param {unknown} value @param {string} field @param {boolean} asProblem */
function optUuid(value, field, asProblem) {
	if (value === undefined || value === null) return undefined;
	if (!isUuid(value)) {
		const text = `O valor '${String(value)}' não é um identificador válido para '${field}'`;
		throw asProblem ? problem(400, text, { field }) : invalidField(field, text);
	}
	return String(value).toLowerCase();
}

/** @param {unknown} value @param {string} field @param {boolean} asProblem */
function optText(value, field, asProblem, { min = 0 } = {}) {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string' || value.length < min) {
		const text = `O campo '${field}' deve ser um texto${min ? ' não vazio' : ''}`;
		throw asProblem ? problem(400, text, { field }) : invalidField(field, text);
	}
	return value;
}

/** @param {unknown} value @param {string} field @param {boolean} asProblem */
function optFlatObject(value, field, asProblem) {
	if (value === undefined || value === null) return undefined;
	const ok = typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => v === null || typeof v === 'string');
	if (!ok) {
		const text = `O campo '${field}' deve ser um objeto de textos`;
		throw asProblem ? problem(400, text, { field }) : invalidField(field, text);
	}
	return /** @type {Record<string, string>} */ (value);
}

/** @param {unknown} value @param {string} field */
function optBoolean(value, field, asProblem = false) {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'boolean') {
		const text = `O campo '${field}' deve ser booleano`;
		throw asProblem ? problem(400, text, { field }) : invalidField(field, text);
	}
	return value;
}

module.exports = { problem, strictBody, optUuid, optText, optFlatObject, optBoolean };
