'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { compareContract, listedDisagreements } = require('../../scripts/lib/compareContract.cjs');
const { t, nullable, required, otherReading } = require('../sandbox/contract');
const { contractEndpoints } = require('../sandbox/contractCheck');

/**
 * `npm run check:contract` holds the sandbox's contract tables against the vendor's OpenAPI documents.
 * The documents are not part of the repository, so these tests hold a small contract against a small
 * OpenAPI fragment written here, in the documents' own style ($ref, allOf, nullable, additionalProperties
 * false), and show that each kind of disagreement is found and named.
 */

const fragment = () => ({
	openapi: '3.0.1',
	paths: {
		'/v1/thing': {
			get: {
				parameters: [
					{ name: 'CreatedAt.After', in: 'query', schema: { type: 'string', format: 'date-time' } },
					{ name: 'PageSize', in: 'query', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 100 } },
					{ name: 'Kind', in: 'query', schema: { type: 'array', items: { enum: ['Small', 'Large'], type: 'string' } } },
				],
			},
			post: {
				requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SaveThing' } } } },
			},
		},
		'/v2/thing/{id}/tags': {
			post: {
				parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
				requestBody: {
					content: {
						'application/json': {
							schema: {
								type: 'object',
								required: ['operation'],
								properties: {
									operation: { enum: ['InsertIfNotExists', 'DeleteIfExists'], type: 'string' },
									tagIds: { type: 'array', items: { type: 'string', format: 'uuid' }, nullable: true },
								},
								additionalProperties: false,
							},
						},
					},
				},
			},
		},
	},
	components: {
		schemas: {
			ThingBase: {
				type: 'object',
				required: ['name'],
				properties: { name: { maxLength: 100, minLength: 1, type: 'string' } },
				additionalProperties: false,
			},
			SaveThing: {
				allOf: [
					{ $ref: '#/components/schemas/ThingBase' },
					{
						type: 'object',
						properties: {
							labels: { type: 'array', items: { $ref: '#/components/schemas/Label' }, nullable: true },
							metadata: { type: 'object', additionalProperties: { nullable: true }, nullable: true },
							options: { $ref: '#/components/schemas/Options' },
							createdBy: { type: 'string', readOnly: true },
						},
						additionalProperties: false,
					},
				],
			},
			Label: {
				type: 'object',
				required: ['id'],
				properties: { id: { type: 'string', format: 'uuid' }, text: { type: 'string', nullable: true } },
				additionalProperties: false,
			},
			Options: {
				type: 'object',
				properties: { upsert: { type: 'boolean' }, mode: { enum: ['FAST', 'SAFE'], type: 'string', nullable: true } },
				additionalProperties: false,
			},
		},
	},
});

const table = () => [
	{
		service: 'demo',
		method: 'GET',
		path: '/v1/thing',
		query: { 'CreatedAt.After': t.dateTime(), PageSize: t.int32(1, 100), Kind: t.list(t.enum(['Small', 'Large'])) },
	},
	{
		service: 'demo',
		method: 'POST',
		path: '/v1/thing',
		body: t.shape({
			name: required(t.string({ min: 1, max: 100 })),
			labels: nullable(t.list(t.shape({ id: required(t.uuid()), text: nullable(t.string()) }))),
			metadata: nullable(t.map()),
			options: t.shape({ upsert: t.boolean(), mode: nullable(t.enum(['FAST', 'SAFE'])) }),
		}),
	},
	{
		service: 'demo',
		method: 'POST',
		path: '/v2/thing/{id}/tags',
		params: { id: t.uuid() },
		body: t.shape({ operation: required(t.enum(['InsertIfNotExists', 'DeleteIfExists'])), tagIds: nullable(t.list(t.uuid())) }),
	},
];

const compare = (endpoints, document, listed = []) =>
	compareContract(endpoints, { demo: document }, listed).map(({ where, message }) => `${where}: ${message}`);

/** A deep copy of `value` changed by `change`. */
const altered = (value, change) => {
	const copy = structuredClone(value);
	change(copy);
	return copy;
};

describe('check:contract holds a contract table against OpenAPI documents', () => {
	test('a contract written as the fragment says agrees with it: $ref, allOf, nested objects, lists of objects, read-only keys', () => {
		expect(compare(table(), fragment())).toEqual([]);
	});

	test('a query key renamed in the document (dotted names are exact)', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v1/thing'].get.parameters[0].name = 'CreatedAtAfter';
		});
		expect(compare(table(), document)).toEqual([
			'GET /demo/v1/thing query.CreatedAt.After: the documents have no such query key',
			'GET /demo/v1/thing query.CreatedAtAfter: the documents have this query key; the contract does not',
		]);
	});

	test('a query key declared for the whole path (OpenAPI path-level parameters) counts for each of its operations', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v1/thing'].parameters = [{ name: 'Archived', in: 'query', schema: { type: 'boolean' } }];
		});
		expect(compare(table(), document)).toEqual([
			'GET /demo/v1/thing query.Archived: the documents have this query key; the contract does not',
			'POST /demo/v1/thing query.Archived: the documents have this query key; the contract does not',
		]);
	});

	test('a query key spelt with another case', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v1/thing'].get.parameters[1].name = 'pageSize';
		});
		expect(compare(table(), document)).toEqual(["GET /demo/v1/thing query.PageSize: the documents spell it 'pageSize'"]);
	});

	test('a body key removed from a schema reached through allOf and $ref', () => {
		const document = altered(fragment(), (d) => {
			delete d.components.schemas.SaveThing.allOf[1].properties.metadata;
		});
		expect(compare(table(), document)).toEqual(['POST /demo/v1/thing body.metadata: the documents have no such key']);
	});

	test('an enum value changed, in a body and in a query list', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v2/thing/{id}/tags'].post.requestBody.content['application/json'].schema.properties.operation.enum[1] = 'ExcluiIfExists';
			d.paths['/v1/thing'].get.parameters[2].schema.items.enum = ['Small', 'Medium', 'Large'];
		});
		expect(compare(table(), document)).toEqual([
			"GET /demo/v1/thing query.Kind[]: enum: the documents have 'Medium', the contract does not",
			"POST /demo/v2/thing/{id}/tags body.operation: enum: the documents have 'ExcluiIfExists', the contract does not",
			"POST /demo/v2/thing/{id}/tags body.operation: enum: the contract has 'DeleteIfExists', the documents do not",
		]);
	});

	test('nested shapes: a type, a length, nullability and a required key inside a list of objects', () => {
		const document = altered(fragment(), (d) => {
			const label = d.components.schemas.Label;
			label.properties.id = { type: 'integer', format: 'int64' };
			label.properties.text = { type: 'string', maxLength: 20 };
			label.properties.weight = { type: 'number', format: 'double', minimum: 0, maximum: 10 };
			label.required = ['text'];
			d.components.schemas.ThingBase.properties.name.maxLength = 50;
		});
		expect(compare(table(), document)).toEqual([
			'POST /demo/v1/thing body.name: maximum length: the documents say 50, the contract 100',
			'POST /demo/v1/thing body.labels[].id: type: the documents say integer (format int64), the contract uuid',
			'POST /demo/v1/thing body.labels[].id: the contract requires it; the documents do not',
			'POST /demo/v1/thing body.labels[].text: the contract allows null; the documents do not',
			'POST /demo/v1/thing body.labels[].text: maximum length: the documents say 20, the contract none',
			'POST /demo/v1/thing body.labels[].text: the documents require it; the contract does not',
			'POST /demo/v1/thing body.labels[].weight: the documents have this key; the contract does not',
		]);
		const weighted = altered(table(), ([, create]) => {
			create.body.keys.labels.of.keys.weight = t.number(0);
		});
		const document2 = altered(fragment(), (d) => {
			d.components.schemas.Label.properties.weight = { type: 'number', format: 'double', minimum: 0, maximum: 10 };
		});
		expect(compare(weighted, document2)).toEqual([
			'POST /demo/v1/thing body.labels[].weight: maximum: the documents say 10, the contract none',
		]);
	});

	test('an endpoint under another version, only under another method, or absent', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v3/thing/{id}/tags'] = d.paths['/v2/thing/{id}/tags'];
			delete d.paths['/v2/thing/{id}/tags'];
			d.paths['/v1/thing'].put = d.paths['/v1/thing'].post;
			delete d.paths['/v1/thing'].post;
		});
		const endpoints = [...table(), { service: 'demo', method: 'DELETE', path: '/v1/gadget/{id}', params: { id: t.uuid() } }];
		expect(compare(endpoints, document)).toEqual([
			'POST /demo/v1/thing: the documents have /v1/thing only as GET, PUT',
			'POST /demo/v2/thing/{id}/tags: the documents have it under another version: POST /v3/thing/{id}/tags',
			'DELETE /demo/v1/gadget/{id}: the documents have no such endpoint',
		]);
	});

	test('an altered contract entry: a key the schema lacks, a required key dropped, an enum value added, a path parameter renamed', () => {
		const endpoints = altered(table(), ([, create, tags]) => {
			create.body.keys.nickname = t.string();
			create.body.keys.options.keys.mode = nullable(t.enum(['FAST', 'SAFE', 'TURBO']));
			delete create.body.keys.name.required;
			tags.path = '/v2/thing/{thingId}/tags';
			tags.params = { thingId: t.uuid() };
		});
		expect(compare(endpoints, fragment())).toEqual([
			'POST /demo/v1/thing body.name: the documents require it; the contract does not',
			"POST /demo/v1/thing body.options.mode: enum: the contract has 'TURBO', the documents do not",
			'POST /demo/v1/thing body.nickname: the documents have no such key',
			"POST /demo/v2/thing/{thingId}/tags path.thingId: the documents name this path parameter 'id'",
		]);
	});

	test('a body the contract takes and the documents do not (and the reverse), an open object, a service without a document', () => {
		const document = altered(fragment(), (d) => {
			delete d.paths['/v1/thing'].post.requestBody;
			d.paths['/v1/thing'].get.requestBody = d.paths['/v2/thing/{id}/tags'].post.requestBody;
			delete d.paths['/v2/thing/{id}/tags'].post.requestBody.content['application/json'].schema.additionalProperties;
		});
		expect(compare([...table(), { service: 'other', method: 'GET', path: '/v1/x' }], document)).toEqual([
			'GET /demo/v1/thing body: the documents take a body; the contract takes none',
			'POST /demo/v1/thing body: the documents take no body; the contract takes one',
			'POST /demo/v2/thing/{id}/tags body: the documents leave the object open (no additionalProperties: false); the contract closes it',
			"GET /other/v1/x: no OpenAPI document for the service 'other'",
		]);
	});

	test("another reading is accepted only when docs/api-disagreements.md lists its disagreement, and never in place of the documents' own", () => {
		const marked = altered(table(), ([, , tags]) => {
			tags.body.keys.operation = required(
				otherReading(t.enum(['InsertIfNotExists', 'DeleteIfExists']), {
					disagreement: 'Tag removal value',
					variation: 'tagRemoval',
					plays: ['seed'],
					values: ['ExcluiIfExists'],
				}),
			);
		});
		const listed = listedDisagreements('| **Tag removal value.** The spec writes `ExcluiIfExists` | … |\n| **Other thing** | … |');

		expect(listed).toEqual(['Tag removal value', 'Other thing']);
		expect(compare(marked, fragment(), listed)).toEqual([]);
		expect(compare(marked, fragment(), ['Other thing'])).toEqual([
			"POST /demo/v2/thing/{id}/tags body.operation: another reading is admitted for 'Tag removal value', which docs/api-disagreements.md does not list",
		]);
	});

	test("the project's own list of disagreements names the tag removal the contract marks", () => {
		const listed = listedDisagreements(fs.readFileSync(path.join(__dirname, '../../docs/api-disagreements.md'), 'utf8'));
		const marked = JSON.stringify(contractEndpoints()).match(/"disagreement":"([^"]+)"/g) ?? [];
		expect(marked.length).toBeGreaterThan(0);
		for (const entry of marked) expect(listed).toContain(JSON.parse(`{${entry}}`).disagreement);
	});
});

describe('npm run check:contract (the command CI runs)', () => {
	const script = path.join(__dirname, '../../scripts/check-contract.mjs');
	const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

	test('covers every service table the sandbox registers, and fails, printing each disagreement, against documents that differ', () => {
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'helena-vendor-'));
		try {
			const core = altered(fragment(), (d) => {
				d.paths = { '/v1/webhook/event': { get: {} } };
			});
			fs.writeFileSync(path.join(folder, 'core.json'), JSON.stringify(core));
			const { status, stdout } = run(folder);
			const services = [...new Set(contractEndpoints().map((e) => e.service))];

			expect(status).toBe(1);
			expect(stdout).not.toContain('GET /core/v1/webhook/event:');
			expect(stdout).toContain('GET /core/v1/contact: the documents have no such endpoint');
			for (const service of services.filter((s) => s !== 'core'))
				expect(stdout).toContain(`no OpenAPI document for the service '${service}'`);
			expect(stdout).toMatch(new RegExp(`${contractEndpoints().length} endpoints of the sandbox's contract \\(${services.join(', ')}\\)`));
		} finally {
			fs.rmSync(folder, { recursive: true, force: true });
		}
	});

	test('without documents it says so and fails, rather than passing', () => {
		expect(run().status).toBe(2);
		const missing = run(path.join(os.tmpdir(), 'no-such-vendor-folder'));
		expect([missing.status, missing.stderr.trim()]).toEqual([
			2,
			`check:contract: no folder ${path.join(os.tmpdir(), 'no-such-vendor-folder')}`,
		]);
	});
});
