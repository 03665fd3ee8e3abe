'use strict';

const { newId, shortCode } = require('./ids');

/** .NET `HttpStatusCode` names, which the API puts in `httpStatusCode` (Helena's error body, InternalException). */
const STATUS_NAMES = {
	400: 'BadRequest',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'NotFound',
	405: 'MethodNotAllowed',
	408: 'RequestTimeout',
	409: 'Conflict',
	413: 'RequestEntityTooLarge',
	415: 'UnsupportedMediaType',
	422: 'UnprocessableEntity',
	429: 'TooManyRequests',
	500: 'InternalServerError',
	501: 'NotImplemented',
	502: 'BadGateway',
	503: 'ServiceUnavailable',
	504: 'GatewayTimeout',
};

/** Default key/text per status, used by injected faults and generic failures. */
const DEFAULTS = {
	400: ['FORM_ERROR', 'Requisição inválida'],
	401: ['ERROR_UNAUTHORIZED', 'Acesso negado'],
	403: ['ERROR_FORBIDDEN', 'Acesso negado'],
	404: ['NOT_FOUND', 'Recurso não encontrado'],
	429: ['TOO_MANY_REQUESTS', 'Limite de requisições excedido. Aguarde e tente novamente'],
	500: ['INTERNAL_SERVER_ERROR', 'Erro interno no servidor'],
	502: ['BAD_GATEWAY', 'Serviço indisponível'],
	503: ['SERVICE_UNAVAILABLE', 'Serviço temporariamente indisponível'],
	504: ['GATEWAY_TIMEOUT', 'Tempo de resposta esgotado'],
};

class ApiError extends Error {
	/**
	 * @param {number} status
	 * @param {string} key
	 * @param {string} text
	 * @param {unknown} [details]
	 */
	constructor(status, key, text, details = null) {
		super(text);
		this.status = status;
		this.key = key;
		this.text = text;
		this.details = details;
		/** @type {'notFound'|'validation'|undefined} what the answer means, whatever form variations.js gives it */
		this.kind = undefined;
	}
}

/** @param {string} text @param {string} [field] */
function badRequest(text, field) {
	return new ApiError(400, 'FORM_ERROR', text, field ? { field } : null);
}

/** Type/shape errors of the body, as the framework's validation would report them. */
function invalidField(field, text) {
	return Object.assign(new ApiError(400, 'VALIDATION_ERROR', text ?? `O campo '${field}' é inválido`, { field }), { kind: 'validation' });
}

/** The real service answers "not found" with HTTP 500 and key FORM_ERROR (observed on the live API). */
function notFound(text) {
	return Object.assign(new ApiError(500, 'FORM_ERROR', text), { kind: 'notFound' });
}

/**
 * @param {number} status
 * @param {string} [key]
 * @param {string} [text]
 * @param {unknown} [details]
 */
function errorBody(status, key, text, details = null) {
	const [defaultKey, defaultText] = DEFAULTS[status] ?? DEFAULTS[status >= 500 ? 500 : 400];
	return {
		id: { value: newId(), shortValue: shortCode() },
		httpStatusCode: STATUS_NAMES[status] ?? String(status),
		error: true,
		date: new Date().toISOString(),
		key: key ?? defaultKey,
		text: text ?? defaultText,
		isUnsolvableError: false,
		details: details ?? null,
		version: '1.0.0-sandbox',
		environment: 'Sandbox',
	};
}

module.exports = { ApiError, badRequest, invalidField, notFound, errorBody, STATUS_NAMES };
