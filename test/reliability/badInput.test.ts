import type { IDataObject, INodeParameters, NodeOperationError } from 'n8n-workflow';

import type { HelenaCredentialData } from '../engine/credentialsHelper';
import { TEST_API_KEY, useSandbox } from '../engine/sandbox';
import { byId, byPhone } from '../helpers/requests';

import { demo } from '../sandbox';

const UUID_EXAMPLE = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const notUuid = (field: string, value: string, item = 0) =>
	`${field} must be a UUID such as ${UUID_EXAMPLE}, not "${value}" (item ${item})`;
/** JSON.parse's own words, which differ between Node versions. */
const jsonError = (text: string) => {
	try {
		JSON.parse(text);
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error(`${text} is valid JSON`);
};
/** Bad values come from the input item, as they do in a workflow (a typed value is checked by n8n's editor). */
const v = '={{ $json.v }}';

const contactUpdate = { resource: 'contact', operation: 'update', contact: byId(demo.contactId(1)) };
const departmentUpdate = { resource: 'department', operation: 'update', department: byId(demo.departmentId('Suporte')) };
const webhookCreate = {
	resource: 'webhook',
	operation: 'create',
	name: 'CRM',
	url: 'https://crm.example.com/hook',
	events: ['SESSION_NEW'],
};
const webhookUpdate = { resource: 'webhook', operation: 'update', subscription: byId(UUID_EXAMPLE) };
const upsertMany = { resource: 'contact', operation: 'upsertMany' };

interface Case {
	parameters: INodeParameters;
	items?: IDataObject[];
	credentials?: Partial<HelenaCredentialData>;
	/**
	 * Requests that may precede the error. Only one check needs one: whether Helena lists an event
	 * name. Helena's event list is open-ended (16 names in the spec, 18 reported live), so the node
	 * reads it (a GET, which changes nothing) instead of keeping a list that would go stale.
	 */
	reads?: string[];
}

const cases: Array<[string, Case, string]> = [
	// Contact
	[
		'a contact ID that is not a UUID (Get)',
		{ parameters: { resource: 'contact', operation: 'get', contact: byId(v) }, items: [{ v: '12345' }] },
		notUuid('Contact', '12345'),
	],
	[
		'a contact ID that is not a UUID (Update)',
		{ parameters: { ...contactUpdate, contact: byId(v), updateFields: { name: 'M' } }, items: [{ v: 'maria' }] },
		notUuid('Contact', 'maria'),
	],
	[
		'an empty phone number (Get by phone)',
		{ parameters: { resource: 'contact', operation: 'get', contact: byPhone(v) }, items: [{ v: '  ' }] },
		'Contact needs a phone number (item 0)',
	],
	[
		'an empty update',
		{ parameters: { ...contactUpdate, updateFields: {} } },
		'Update Fields is empty: add at least one field to change (item 0)',
	],
	[
		'custom fields JSON that does not parse (Update)',
		{ parameters: { ...contactUpdate, updateFields: { customFieldsJson: v } }, items: [{ v: '{"plano": ' }] },
		`Custom Fields (JSON) is not valid JSON (${jsonError('{"plano": ')}) (item 0)`,
	],
	[
		'custom fields JSON that is not an object (Create)',
		{
			parameters: { resource: 'contact', operation: 'create', name: 'Lia', additionalFields: { customFieldsJson: v } },
			items: [{ v: '[1, 2]' }],
		},
		'Custom Fields (JSON) must be a JSON object such as {"key": "value"} (item 0)',
	],
	[
		'a status Helena does not have',
		{ parameters: { ...contactUpdate, updateFields: { status: v } }, items: [{ v: 'DELETED' }] },
		'Status must be one of ACTIVE, ARCHIVED, BLOCKED, not "DELETED" (item 0)',
	],
	[
		'a picture URL that is not http(s)',
		{ parameters: { ...contactUpdate, updateFields: { pictureUrl: v } }, items: [{ v: 'ftp://example.com/x.jpg' }] },
		'Picture URL must be an http:// or https:// URL, not "ftp://example.com/x.jpg" (item 0)',
	],
	[
		'an empty tag list',
		{
			parameters: { resource: 'contact', operation: 'updateTags', contact: byId(demo.contactId(1)), tagNames: v, tagIds: '' },
			items: [{ v: ' , ' }],
		},
		'Tag Names and Tag IDs are both empty: give at least one tag (item 0)',
	],
	[
		'a tag ID that is not a UUID',
		{ parameters: { resource: 'contact', operation: 'updateTags', contact: byId(demo.contactId(1)), tagIds: v }, items: [{ v: 'VIP' }] },
		notUuid('Tag IDs', 'VIP'),
	],
	[
		'a contact with nothing to identify it',
		{ parameters: { resource: 'contact', operation: 'create', name: v, phoneNumber: '' }, items: [{ v: ' ' }] },
		'Contact needs at least one of Name, Phone Number, Email or Instagram (item 0)',
	],
	[
		'a name of 256 characters',
		{ parameters: { resource: 'contact', operation: 'create', name: v }, items: [{ v: 'x'.repeat(256) }] },
		'Name must be at most 255 characters long; it has 256 (item 0)',
	],
	[
		'an upsert field Helena does not have',
		{
			parameters: { resource: 'contact', operation: 'create', name: 'Lia', options: { upsert: true, upsertFields: v } },
			items: [{ v: ['Name', 'Nome'] }],
		},
		// read against the option's list by the shared check (helpers/optionLists.ts), before the operation runs
		'Upsert Fields must be one of Annotation, CustomFields, Email, Instagram, Metadata, Name, PhoneNumber, PictureUrl, Portfolio, SequenceIds, Status, Tags, Utm, not "Nome" (item 0)',
	],
	[
		'a limit of 0 (Get Many)',
		{ parameters: { resource: 'contact', operation: 'getAll', limit: v }, items: [{ v: 0 }] },
		'Limit must be a whole number of at least 1, not 0 (item 0)',
	],
	[
		'a limit of 0 (Search)',
		{ parameters: { resource: 'contact', operation: 'search', limit: v }, items: [{ v: 0 }] },
		'Limit must be a whole number of at least 1, not 0 (item 0)',
	],
	[
		'a limit that is not whole (Search)',
		{ parameters: { resource: 'contact', operation: 'search', limit: v }, items: [{ v: 2.5 }] },
		'Limit must be a whole number of at least 1, not 2.5 (item 0)',
	],
	[
		'a date that is not a date',
		{ parameters: { resource: 'contact', operation: 'getAll', filters: { createdAfter: v } }, items: [{ v: 'yesterday-ish' }] },
		'Created After is not an ISO 8601 date such as 2024-03-07 or 2024-03-07T14:30:00Z: "yesterday-ish" (item 0)',
	],
	// Create or Update Many: every item is checked before the first batch is sent
	[
		'a Create or Update Many item with an unknown key',
		{ parameters: upsertMany, items: [{ name: 'Ana' }, { name: 'Rui' }, { name: 'Bia', cidade: 'Recife' }] },
		'Input item has a key Helena does not know: "cidade" (item 2)',
	],
	[
		'a Create or Update Many item with nothing to match by',
		{ parameters: upsertMany, items: [{ name: 'Ana' }, { annotation: 'only a note' }] },
		'Input item has none of name, phoneNumber, email or instagram, so Helena can neither create nor match the contact (item 1)',
	],
	[
		'a Create or Update Many item with custom fields JSON that does not parse',
		{ parameters: upsertMany, items: [{ name: 'Ana', customFields: '{plano: Pro}' }] },
		`Input item key "customFields" is not valid JSON (${jsonError('{plano: Pro}')}) (item 0)`,
	],
	[
		'a Create or Update Many item with a tag ID that is not a UUID',
		{ parameters: upsertMany, items: [{ name: 'Ana', tagIds: ['VIP'] }] },
		notUuid('Input item key "tagIds"', 'VIP'),
	],
	// Department
	[
		'a department ID that is not a UUID',
		{ parameters: { resource: 'department', operation: 'get', department: byId(v) }, items: [{ v: 'suporte' }] },
		notUuid('Department', 'suporte'),
	],
	[
		'a department name of 101 characters',
		{ parameters: { resource: 'department', operation: 'create', name: v }, items: [{ v: 'd'.repeat(101) }] },
		'Name must be 1 to 100 characters long; it has 101 (item 0)',
	],
	[
		'an empty department name',
		{ parameters: { resource: 'department', operation: 'create', name: v }, items: [{ v: '   ' }] },
		'Name must be 1 to 100 characters long; it has 0 (item 0)',
	],
	[
		'selected channels without a channel',
		{
			parameters: {
				resource: 'department',
				operation: 'create',
				name: 'Plantão',
				additionalFields: { channelsConfig: { config: { scope: 'SELECTED', channels: v } } },
			},
			items: [{ v: [] }],
		},
		'Channels needs at least one channel when the scope is Selected Channels (item 0)',
	],
	[
		'an empty department update',
		{ parameters: { ...departmentUpdate, updateFields: {} } },
		'Update Fields is empty: add at least one field to change (item 0)',
	],
	[
		'a negative number of minutes',
		{
			parameters: { ...departmentUpdate, updateFields: { distributionConfig: { settings: { maximumDurationInMinutes: v } } } },
			items: [{ v: -5 }],
		},
		'Maximum Duration (Minutes) must be a whole number of minutes, not "-5" (item 0)',
	],
	[
		'an agent user ID that is not a UUID',
		{
			parameters: {
				resource: 'department',
				operation: 'updateAgents',
				department: byId(demo.departmentId('Suporte')),
				agentsAction: 'Upsert',
				agents: { agent: [{ userId: v }] },
			},
			items: [{ v: 'ana.souza' }],
		},
		notUuid('User ID', 'ana.souza'),
	],
	[
		'no agents to add',
		{
			parameters: {
				resource: 'department',
				operation: 'updateAgents',
				department: byId(demo.departmentId('Suporte')),
				agentsAction: 'Upsert',
				agents: {},
			},
		},
		'Agents is empty: add at least one user (item 0)',
	],
	// Webhook
	[
		'a subscription name of 101 characters',
		{ parameters: { ...webhookCreate, name: v }, items: [{ v: 'n'.repeat(101) }] },
		'Name must be 1 to 100 characters long; it has 101 (item 0)',
	],
	[
		'an empty subscription name',
		{ parameters: { ...webhookCreate, name: v }, items: [{ v: '' }] },
		'Name must be 1 to 100 characters long; it has 0 (item 0)',
	],
	[
		'a subscription URL of 501 characters',
		{ parameters: { ...webhookCreate, url: v }, items: [{ v: `https://crm.example.com/${'u'.repeat(501 - 24)}` }] },
		'URL must be 1 to 500 characters long; it has 501 (item 0)',
	],
	[
		'a subscription URL that is not http(s)',
		{ parameters: { ...webhookCreate, url: v }, items: [{ v: 'javascript:alert(1)' }] },
		'URL must be an http:// or https:// URL, not "javascript:alert(1)" (item 0)',
	],
	['no event', { parameters: { ...webhookCreate, events: v }, items: [{ v: [] }] }, 'Event Names or IDs needs at least one event (item 0)'],
	[
		'an event name the API does not list',
		{ parameters: { ...webhookCreate, events: v }, items: [{ v: ['SESSION_NEW', 'SESSION_OPEN'] }], reads: ['GET /core/v1/webhook/event'] },
		'Event Names or IDs contains "SESSION_OPEN", which Helena does not list (item 0)',
	],
	[
		'a subscription ID that is not a UUID (Update)',
		{ parameters: { ...webhookUpdate, subscription: byId(v), updateFields: { enabled: false } }, items: [{ v: 'abc' }] },
		notUuid('Subscription', 'abc'),
	],
	[
		'a subscription ID that is not a UUID (Delete)',
		{ parameters: { resource: 'webhook', operation: 'delete', subscription: byId(v) }, items: [{ v: 'abc' }] },
		notUuid('Subscription', 'abc'),
	],
	[
		'an empty subscription update',
		{ parameters: { ...webhookUpdate, updateFields: {} } },
		'Update Fields is empty: add at least one field to change (item 0)',
	],
	[
		'an update URL of 501 characters',
		{ parameters: { ...webhookUpdate, updateFields: { url: v } }, items: [{ v: `https://x.example/${'u'.repeat(501 - 18)}` }] },
		'URL must be 1 to 500 characters long; it has 501 (item 0)',
	],
	// Credential
	[
		'a base URL that is not http(s)',
		{ parameters: { resource: 'webhook', operation: 'getEvents' }, credentials: { baseUrl: 'ftp://api.wts.chat' } },
		'Base URL in the Helena API credential must start with http:// or https://, not "ftp://api.wts.chat" (item 0)',
	],
	[
		'a base URL without a scheme',
		{ parameters: { resource: 'contact', operation: 'create', name: 'Lia' }, credentials: { baseUrl: 'api.wts.chat' } },
		'Base URL in the Helena API credential must start with http:// or https://, not "api.wts.chat" (item 0)',
	],
	[
		'the API key pasted into the Base URL (the message does not repeat it)',
		{ parameters: { resource: 'webhook', operation: 'getEvents' }, credentials: { baseUrl: TEST_API_KEY } },
		'Base URL in the Helena API credential must start with http:// or https://, not the API key (item 0)',
	],
];

describe('bad input: a NodeOperationError naming the field and the item, before any request', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	const requestLines = () => helena.apiRequests().map((request) => `${request.method} ${request.path}`);

	test.each([
		['contact', { resource: 'contact', operation: 'get', simple: false }, 'contact', demo.contactId(1), '/core/v1/contact/'],
		['department', { resource: 'department', operation: 'get' }, 'department', demo.departmentId('Suporte'), '/core/v1/department/'],
		['subscription', { resource: 'webhook', operation: 'get' }, 'subscription', UUID_EXAMPLE, '/core/v1/webhook/subscription/'],
	])('a %s ID with spaces around it is the same ID: trimmed, then checked', async (_record, parameters, locator, id, path) => {
		const spaced = await helena.run({ ...parameters, [locator]: byId(v) } as INodeParameters, { items: [{ v: `  ${id}  ` }] });
		expect(spaced.error?.name).not.toBe('NodeOperationError');
		const bad = await helena.run({ ...parameters, [locator]: byId(v) } as INodeParameters, { items: [{ v: `  ${id}x  ` }] });
		expect(bad.error?.name).toBe('NodeOperationError');
		expect(requestLines()).toEqual([`GET ${path}${id}`]);
	});

	test.each(cases)('%s', async (_name, { parameters, items, credentials, reads = [] }, message) => {
		const { items: output, error } = await helena.run(parameters, { items, credentials });

		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		const itemIndex = Number(/\(item (\d+)\)$/.exec(message)?.[1]);
		expect((error as NodeOperationError).context.itemIndex).toBe(itemIndex);
		expect(output).toEqual([]);
		expect(JSON.stringify([error, error?.description])).not.toContain(TEST_API_KEY);
		expect(requestLines()).toEqual(reads);
		expect(helena.sandbox.requests).toHaveLength(reads.length);
	});

	const continueOnFail: Array<[string, INodeParameters, IDataObject[], string]> = [
		[
			'Contact > Update',
			{ ...contactUpdate, contact: byId('={{ $json.id }}'), updateFields: { annotation: '={{ $json.note }}' } },
			[
				{ id: demo.contactId(1), note: 'um' },
				{ id: 'not-a-uuid', note: 'dois' },
				{ id: demo.contactId(3), note: 'três' },
			],
			notUuid('Contact', 'not-a-uuid', 1),
		],
		[
			'Webhook > Create Subscription',
			{ ...webhookCreate, name: '={{ $json.name }}' },
			[{ name: 'Um' }, { name: 'n'.repeat(101) }, { name: 'Três' }],
			'Name must be 1 to 100 characters long; it has 101 (item 1)',
		],
		[
			'Department > Create',
			{ resource: 'department', operation: 'create', name: '={{ $json.name }}' },
			[{ name: 'Um' }, { name: '' }, { name: 'Três' }],
			'Name must be 1 to 100 characters long; it has 0 (item 1)',
		],
		[
			'Contact > Add, Remove or Replace Tags',
			{ resource: 'contact', operation: 'updateTags', contact: byId('={{ $json.id }}'), tagNames: '={{ $json.tags }}' },
			[
				{ id: demo.contactId(1), tags: 'VIP' },
				{ id: demo.contactId(2), tags: '' },
				{ id: demo.contactId(3), tags: 'Lead' },
			],
			'Tag Names and Tag IDs are both empty: give at least one tag (item 1)',
		],
		[
			'Contact > Create or Update Many',
			upsertMany,
			[{ name: 'Um' }, { name: 'Dois', cidade: 'Recife' }, { name: 'Três' }],
			'Input item has a key Helena does not know: "cidade" (item 1)',
		],
	];

	test.each(continueOnFail)(
		'%s under Continue On Fail: the bad middle item becomes an error item, the other two go through',
		async (_name, parameters, items, message) => {
			const { items: output, error } = await helena.run(parameters, { items, continueOnFail: true });

			expect(error).toBeUndefined();
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(output[1].json.error).toBe(message);
			expect(output[0].json.error).toBeUndefined();
			expect(output[2].json.error).toBeUndefined();
			const writes = helena.apiRequests().filter((request) => request.method !== 'GET');
			expect(writes.every((request) => request.status === 200)).toBe(true);
			const sent = JSON.stringify(writes.map((request) => [request.path, request.body]));
			expect(sent).toContain(JSON.stringify(Object.values(items[0]).at(-1)));
			expect(sent).toContain(JSON.stringify(Object.values(items[2]).at(-1)));
			expect(sent).not.toContain(JSON.stringify(Object.values(items[1]).at(-1)));
		},
	);
});
