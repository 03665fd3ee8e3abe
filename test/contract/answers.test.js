'use strict';

const { checkAnswer, operationOf, missingNeededFields } = require('../../scripts/lib/answerSchemas.cjs');
const ANSWERS = require('../../contract/answers.json');

/**
 * How an answer is held to its documented schema (contract/answers.json), on a small file written here in the
 * file's own shape, and on the real file for the operations the node calls.
 */
const schemas = {
	services: {
		demo: {
			operations: {
				'GET /v1/thing/{id}': { 200: { $ref: '#/components/schemas/Thing' } },
				'GET /v1/thing': { 200: { $ref: '#/components/schemas/ThingPage' } },
				'DELETE /v1/thing/{id}': { 200: null },
			},
			components: {
				Thing: {
					type: 'object',
					required: ['id'],
					properties: {
						id: { type: 'string', format: 'uuid' },
						minutes: { type: 'integer', format: 'int32' },
						note: { type: 'string', nullable: true },
						kind: { enum: ['Reactive', 'Automation'], type: 'string' },
						owner: { $ref: '#/components/schemas/Owner' },
						at: { type: 'string', format: 'date-time' },
					},
					additionalProperties: false,
				},
				Owner: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false },
				ThingPage: {
					type: 'object',
					properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, hasMorePages: { type: 'boolean' } },
				},
			},
		},
	},
};
const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const check = (path, body, status = 200, method = 'GET') =>
	(checkAnswer(schemas, { service: 'demo', method, path, status, body }) ?? []).map((p) => `${p.key}: ${p.message}`);

describe('an answer held to its documented schema', () => {
	test('an answer as documented conforms; null is taken where the schema says nullable, and for a bare $ref', () => {
		expect(
			check('/v1/thing/{id}', { id: ID, minutes: 5, note: null, kind: 'Reactive', owner: null, at: '2026-01-02T03:04:05.123Z' }),
		).toEqual([]);
	});

	test('a key the schema lacks, a null where the schema gives a plain integer, a value outside the enum, a wrong format, a missing required key', () => {
		expect(
			check('/v1/thing/{id}', { minutes: null, kind: 'REACTIVE', at: 'yesterday', sentAt: null, owner: { name: 'x', extra: 1 } }),
		).toEqual([
			'minutes: is null; the documents do not allow null here',
			'kind: "REACTIVE" is not one of Reactive, Automation',
			'at: must be an ISO 8601 date-time, not "yesterday"',
			'sentAt: the documents have no such key',
			'owner.extra: the documents have no such key',
			'id: is documented as required; it is missing',
		]);
	});

	test('inside a list: each item is named by its position; a status the documents do not give, a body where they give none', () => {
		expect(check('/v1/thing', { items: [{ id: ID }, { id: 'x' }], hasMorePages: 'no' })).toEqual([
			'items[1].id: must be a UUID, not "x"',
			'hasMorePages: must be a boolean, not "no"',
		]);
		expect(check('/v1/thing', { items: [] }, 201)).toEqual(['status: the documents give 200, not 201']);
		expect(check('/v1/thing/{id}', { ok: true }, 200, 'DELETE')).toEqual(['body: the documents give this answer no body']);
		expect(check('/v1/thing/{id}', undefined, 200, 'DELETE')).toEqual([]);
	});

	test('a wrong answer of a real operation (contract/answers.json): each disagreement named, in the order of the answer', () => {
		const answer = {
			id: 'c-1',
			createdAt: '2026-01-02',
			name: 7,
			tagIds: [ID, null],
			status: 'Active',
			utm: null,
			customFields: { plan: null },
			score: 3,
		};
		const problems = checkAnswer(ANSWERS, { service: 'core', method: 'GET', path: '/v1/contact/{id}', status: 200, body: answer });
		expect(problems.map((p) => `${p.key}: ${p.message}`)).toEqual([
			'id: must be a UUID, not "c-1"',
			'createdAt: must be an ISO 8601 date-time, not "2026-01-02"',
			'name: must be a string, not 7',
			'tagIds[1]: is null; the documents do not allow null here',
			'status: "Active" is not one of ACTIVE, ARCHIVED, BLOCKED',
			'score: the documents have no such key',
		]);
		expect(checkAnswer(ANSWERS, { service: 'core', method: 'GET', path: '/v1/contact/{id}', status: 200, body: null })).toEqual([]);
	});

	test('the fields the node needs: a page without items, a record without id', () => {
		const needed = (path, body) =>
			missingNeededFields(schemas, { service: 'demo', method: 'GET', path, status: 200, body }).map((p) => `${p.key}: ${p.message}`);
		expect(needed('/v1/thing', { hasMorePages: false })).toEqual(['items: is missing; the node reads the page from it']);
		expect(needed('/v1/thing', { items: [{ minutes: 1 }] })).toEqual(['items[0].id: is missing; the node names records by it']);
		expect(needed('/v1/thing/{id}', { minutes: 1 })).toEqual(['id: is missing; the node names records by it']);
	});

	test('a request path finds its operation in the real file, literal segments before parameters', () => {
		expect(operationOf(ANSWERS, 'GET', `/core/v1/contact/${ID}`)).toEqual({ service: 'core', path: '/v1/contact/{id}' });
		expect(operationOf(ANSWERS, 'GET', '/core/v1/contact/custom-field')).toEqual({ service: 'core', path: '/v1/contact/custom-field' });
		expect(operationOf(ANSWERS, 'GET', '/core/v1/nothing-here')).toBeUndefined();
	});
});

describe('contract/answers.json is built from the documents', () => {
	const { buildAnswerSchemas } = require('../../scripts/lib/answerSchemas.cjs');
	const { findOperation } = require('../../scripts/lib/requestTypes.cjs');

	test('each endpoint of the contract gets its 2xx answers (null where the documents give no body), with only the components they reach and only the keys the check reads', () => {
		const document = {
			paths: {
				'/v1/thing/{id}': {
					get: {
						responses: {
							200: { description: 'Success', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
							500: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
						},
					},
					delete: { responses: { 200: { description: 'Success' } } },
				},
			},
			components: {
				schemas: {
					Thing: { type: 'object', description: 'A thing', properties: { owner: { $ref: '#/components/schemas/Owner' } } },
					Owner: { type: 'object', properties: { name: { type: 'string', example: 'Ana' } } },
					Failure: { type: 'object' },
					Unused: { type: 'object' },
				},
			},
		};
		const endpoints = [
			{ service: 'demo', method: 'GET', path: '/v1/thing/{id}' },
			{ service: 'demo', method: 'DELETE', path: '/v1/thing/{id}' },
		];

		expect(buildAnswerSchemas(endpoints, { demo: document }, findOperation)).toEqual({
			demo: {
				operations: {
					'GET /v1/thing/{id}': { 200: { $ref: '#/components/schemas/Thing' } },
					'DELETE /v1/thing/{id}': { 200: null },
				},
				components: {
					Owner: { type: 'object', properties: { name: { type: 'string' } } },
					Thing: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' } } },
				},
			},
		});
	});
});
