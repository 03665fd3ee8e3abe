'use strict';

const { badRequest, invalidField } = require('./errors');
const { isUuid } = require('./ids');

/** @param {unknown} v @returns {v is Record<string, any>} */
function isPlainObject(v) {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The named properties of `obj` a handler reads, exact case. Nothing is dropped silently: the
 * contract (contractCheck.js) has refused every key outside it before a handler runs.
 * @param {unknown} obj
 * @param {readonly string[]} names
 * @param {string} [where] field name for the error message
 * @returns {Record<string, any>}
 */
function pickKnown(obj, names, where = 'body') {
	if (obj === undefined || obj === null) return {};
	if (!isPlainObject(obj)) throw invalidField(where, `O campo '${where}' deve ser um objeto`);
	return Object.fromEntries(Object.entries(obj).filter(([key]) => names.includes(key)));
}

/**
 * @param {unknown} value
 * @param {string} field
 * @param {{ max?: number, min?: number }} [bounds]
 * @returns {string|null|undefined}
 */
function optString(value, field, bounds = {}) {
	if (value === undefined || value === null) return /** @type {null|undefined} */ (value);
	if (typeof value !== 'string') throw invalidField(field, `O campo '${field}' deve ser um texto`);
	if (bounds.max !== undefined && value.length > bounds.max)
		throw badRequest(`O campo '${field}' deve ter no máximo ${bounds.max} caracteres`, field);
	if (bounds.min !== undefined && value.length < bounds.min)
		throw badRequest(`O campo '${field}' deve ter no mínimo ${bounds.min} caractere(s)`, field);
	return value;
}

/** @param {unknown} value @param {string} field @returns {boolean|null|undefined} */
function optBool(value, field) {
	if (value === undefined || value === null) return /** @type {null|undefined} */ (value);
	if (typeof value !== 'boolean') throw invalidField(field, `O campo '${field}' deve ser booleano`);
	return value;
}

/** @param {unknown} value @param {string} field @returns {number|null|undefined} */
function optInt(value, field, min = -2147483648, max = 2147483647) {
	if (value === undefined || value === null) return /** @type {null|undefined} */ (value);
	if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidField(field, `O campo '${field}' deve ser um número inteiro`);
	if (value < min || value > max) throw badRequest(`O campo '${field}' deve estar entre ${min} e ${max}`, field);
	return value;
}

/** @param {unknown} value @param {string} field @returns {string[]|null|undefined} */
function optStringArray(value, field) {
	if (value === undefined || value === null) return /** @type {null|undefined} */ (value);
	if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
		throw invalidField(field, `O campo '${field}' deve ser uma lista de textos`);
	return value;
}

/** @param {unknown} value @param {string} field @returns {string[]|null|undefined} */
function optUuidArray(value, field) {
	const list = optStringArray(value, field);
	if (list) {
		const bad = list.find((v) => !isUuid(v));
		if (bad !== undefined) throw invalidField(field, `O valor '${bad}' não é um identificador válido em '${field}'`);
	}
	return list;
}

/** @param {unknown} value @param {string} field @returns {Record<string, any>|null|undefined} */
function optObject(value, field) {
	if (value === undefined || value === null) return /** @type {null|undefined} */ (value);
	if (!isPlainObject(value)) throw invalidField(field, `O campo '${field}' deve ser um objeto`);
	return value;
}

/**
 * An enum value in its exact spelling (the contract's), else 400.
 * @template {string} T
 * @param {unknown} value
 * @param {readonly T[]} allowed
 * @param {string} field
 * @returns {T|null|undefined}
 */
function optEnum(value, allowed, field) {
	if (value === undefined || value === null) return /** @type {null|undefined} */ (value);
	if (typeof value === 'string' && allowed.includes(/** @type {T} */ (value))) return /** @type {T} */ (value);
	throw invalidField(field, `O valor '${String(value)}' não é válido para '${field}'. Valores aceitos: ${allowed.join(', ')}`);
}

/** @param {unknown} value @param {string} field @returns {string|null|undefined} ISO string */
function optDate(value, field) {
	if (value === undefined || value === null || value === '') return value === null ? null : undefined;
	const ms = typeof value === 'string' ? Date.parse(value) : NaN;
	if (Number.isNaN(ms)) throw invalidField(field, `O valor '${String(value)}' não é uma data válida para '${field}'`);
	return new Date(ms).toISOString();
}

/** @param {string} value @param {string} field */
function requireUuidParam(value, field) {
	if (!isUuid(value)) throw badRequest(`O valor '${value}' não é válido para '${field}'`, field);
	return value.toLowerCase();
}

/**
 * Parses a query value as the framework would: integer text, else 400.
 * @param {string|undefined} raw
 */
function queryInt(raw, field) {
	if (raw === undefined || raw === '') return undefined;
	if (!/^[-+]?\d+$/.test(raw.trim())) throw invalidField(field, `O valor '${raw}' não é válido para '${field}'`);
	return Number(raw);
}

/** @param {string|undefined} raw */
function queryBool(raw, field) {
	if (raw === undefined || raw === '') return undefined;
	if (raw === 'true') return true;
	if (raw === 'false') return false;
	throw invalidField(field, `O valor '${raw}' não é válido para '${field}'`);
}

/**
 * Page bounds shared by every paged list. The reference's page numbers start at 0, which reads as the
 * first page (the answer says page 1).
 * @param {unknown} pageNumber
 * @param {unknown} pageSize
 */
function pageBounds(pageNumber, pageSize) {
	const number = pageNumber ?? 1;
	const size = pageSize ?? 15;
	if (typeof number !== 'number' || !Number.isInteger(number)) throw invalidField('pageNumber');
	if (typeof size !== 'number' || !Number.isInteger(size)) throw invalidField('pageSize');
	if (number < 0 || number > 2147483647) throw badRequest("O campo 'pageNumber' deve estar entre 0 e 2147483647", 'pageNumber');
	if (size < 1 || size > 100) throw badRequest("O campo 'pageSize' deve estar entre 1 e 100", 'pageSize');
	return { pageNumber: Math.max(number, 1), pageSize: size };
}

module.exports = {
	isPlainObject,
	pickKnown,
	optString,
	optBool,
	optInt,
	optStringArray,
	optUuidArray,
	optObject,
	optEnum,
	optDate,
	requireUuidParam,
	queryInt,
	queryBool,
	pageBounds,
};
