'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { buildRequests, listedDisagreements, readingProblems } = require('../../scripts/lib/requestTypes.cjs');
const { contractEndpoints, OTHER_READINGS } = require('../sandbox/contract');

/**
 * The sandbox's contract is what the vendor's OpenAPI documents say each operation takes, read into
 * contract/requests.json; `npm run check:contract` holds that file current. The documents are not part of the
 * repository, so these tests read a small OpenAPI fragment written here, in the documents' own style ($ref,
 * allOf, nullable, additionalProperties false), and show what the contract takes from it and what it refuses.
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

const OPERATIONS = ['GET /demo/v1/thing', 'POST /demo/v1/thing', 'POST /demo/v2/thing/{id}/tags'];
const INT32 = { min: -2147483648, max: 2147483647 };

/** The contract the fragment gives. */
const table = () => [
	{
		service: 'demo',
		method: 'GET',
		path: '/v1/thing',
		query: {
			'CreatedAt.After': { type: 'dateTime' },
			PageSize: { type: 'int32', min: 1, max: 100 },
			Kind: { type: 'list', of: { type: 'enum', values: ['Small', 'Large'] } },
		},
	},
	{
		service: 'demo',
		method: 'POST',
		path: '/v1/thing',
		body: {
			type: 'shape',
			keys: {
				name: { type: 'string', min: 1, max: 100, required: true },
				labels: {
					type: 'list',
					of: { type: 'shape', keys: { id: { type: 'uuid', required: true }, text: { type: 'string', nullable: true } } },
					nullable: true,
				},
				metadata: { type: 'map', nullable: true },
				options: {
					type: 'shape',
					keys: { upsert: { type: 'boolean' }, mode: { type: 'enum', values: ['FAST', 'SAFE'], nullable: true } },
				},
			},
		},
	},
	{
		service: 'demo',
		method: 'POST',
		path: '/v2/thing/{id}/tags',
		params: { id: { type: 'uuid' } },
		body: {
			type: 'shape',
			keys: {
				operation: { type: 'enum', values: ['InsertIfNotExists', 'DeleteIfExists'], required: true },
				tagIds: { type: 'list', of: { type: 'uuid' }, nullable: true },
			},
		},
	},
];

const read = (document, operations = OPERATIONS) => buildRequests(operations, { demo: document });
const problems = (document, operations) => read(document, operations).problems.map(({ where, message }) => `${where}: ${message}`);

/** A deep copy of `value` changed by `change`. */
const altered = (value, change) => {
	const copy = structuredClone(value);
	change(copy);
	return copy;
};

describe('the contract is read from the OpenAPI documents', () => {
	test('$ref, allOf, nested objects, lists of objects, a free map; read-only keys left out; query and path values never null', () => {
		expect(read(fragment())).toEqual({ endpoints: table(), problems: [] });
	});

	test('a query key declared for the whole path (OpenAPI path-level parameters) counts for each of its operations', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v1/thing'].parameters = [{ name: 'Archived', in: 'query', schema: { type: 'boolean' } }];
		});
		const [list, create] = read(document).endpoints;
		expect(list.query.Archived).toEqual({ type: 'boolean' });
		expect(create.query).toEqual({ Archived: { type: 'boolean' } });
	});

	test('what the documents change, the contract follows: a length, a type, nullability, a required key, an enum, a number range', () => {
		const document = altered(fragment(), (d) => {
			const label = d.components.schemas.Label;
			label.properties.id = { type: 'integer', format: 'int32' };
			label.properties.text = { type: 'string', maxLength: 20 };
			label.properties.weight = { type: 'number', format: 'double', minimum: 0, maximum: 10 };
			label.required = ['text'];
			d.components.schemas.ThingBase.properties.name.maxLength = 50;
			d.paths['/v1/thing'].get.parameters[2].schema.items.enum = ['Small', 'Medium', 'Large'];
		});
		const [list, create] = read(document).endpoints;
		expect(list.query.Kind.of.values).toEqual(['Small', 'Medium', 'Large']);
		expect(create.body.keys.name.max).toBe(50);
		expect(create.body.keys.labels.of.keys).toEqual({
			id: { type: 'int32', ...INT32 },
			text: { type: 'string', max: 20, required: true },
			weight: { type: 'number', min: 0, max: 10 },
		});
	});

	test('an operation the documents lack, write otherwise, or give in a form the contract cannot hold, is a disagreement', () => {
		const document = altered(fragment(), (d) => {
			d.paths['/v1/thing'].put = d.paths['/v1/thing'].post;
			delete d.paths['/v1/thing'].post;
			d.paths['/v1/thing'].get.parameters.push({ name: 'X-Trace', in: 'header', schema: { type: 'string' } });
			d.paths['/v2/thing/{thingId}/tags'] = d.paths['/v2/thing/{id}/tags'];
			delete d.paths['/v2/thing/{id}/tags'];
			d.paths['/v1/gadget'] = {
				post: { requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } } },
				put: { requestBody: { content: { 'application/json': { schema: { type: 'string', pattern: '^a' } } } } },
			};
		});
		expect(problems(document, [...OPERATIONS, 'POST /demo/v1/gadget', 'PUT /demo/v1/gadget', 'GET /other/v1/x'])).toEqual([
			'GET /demo/v1/thing: the documents give the header parameter X-Trace, which the contract cannot hold',
			'POST /demo/v1/thing: the documents have get, put /v1/thing',
			'POST /demo/v2/thing/{id}/tags: the documents write the path /v2/thing/{thingId}/tags',
			'POST /demo/v1/gadget: the documents give a body of text/plain, not JSON',
			'PUT /demo/v1/gadget: the documents give a pattern (^a) the contract cannot hold',
			"GET /other/v1/x: no OpenAPI document for the service 'other'",
		]);
		expect(problems(fragment(), [...OPERATIONS, OPERATIONS[0]])).toEqual([
			'GET /demo/v1/thing: is listed twice in contract/operations.txt',
		]);
	});

	test("another reading is accepted only when docs/api-disagreements.md lists its disagreement and it is marked on the contract's enum", () => {
		const reading = { of: 'DeleteIfExists', in: ['operation'], disagreement: 'Tag removal value', values: ['ExcluiIfExists'] };
		const marked = altered(table(), ([, , tags]) => {
			tags.body.keys.operation.otherReading = reading;
		});
		const listed = listedDisagreements('| **Tag removal value.** The spec writes `ExcluiIfExists` | … |\n| **Other thing** | … |');

		expect(listed).toEqual(['Tag removal value', 'Other thing']);
		expect(readingProblems([reading], marked, listed)).toEqual([]);
		expect(readingProblems([reading], marked, ['Other thing'])).toEqual([
			{
				where: "other reading 'DeleteIfExists'",
				message: "is admitted for 'Tag removal value', which docs/api-disagreements.md does not list",
			},
		]);
		expect(readingProblems([reading], table(), listed)).toEqual([
			{ where: "other reading 'DeleteIfExists'", message: 'belongs to no enum under operation' },
		]);
	});

	test("the project's own list of disagreements names each other reading, and each is marked on the contract", () => {
		const listed = listedDisagreements(fs.readFileSync(path.join(__dirname, '../../docs/api-disagreements.md'), 'utf8'));
		expect(OTHER_READINGS.length).toBeGreaterThan(0);
		expect(readingProblems(OTHER_READINGS, contractEndpoints(), listed)).toEqual([]);
	});
});

describe('npm run check:contract (the command CI runs)', () => {
	const script = path.join(__dirname, '../../scripts/check-contract.mjs');
	const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

	test('covers every service of the contract, and fails, printing each disagreement, against documents that differ', () => {
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
			expect(stdout).toMatch(/contract\/requests\.json: differs from the documents in GET \/core\/v1\/contact, /);
			expect(stdout).toContain('contract/answers.json: differs from the documents: run npm run answers:update');
			expect(stdout).toContain(`${contractEndpoints().length} endpoints of the sandbox's contract`);
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
