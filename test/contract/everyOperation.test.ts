import type { INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../engine/sandbox';
import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';
import { ENDPOINTS } from '../sandbox/contract';
import { endpointOf } from '../sandbox/contractCheck';

/**
 * Every operation of the Helena node, each with every option set, run through n8n's engine against
 * the strict sandbox: each request is held against the contract, and the keys the node sent are
 * compared with the keys the contract has.
 */

const SEQUENCE_ID = '5d1c7e52-3b8a-4f0e-9a57-2a0f1f6c9b11';
const VIP = demo.tagId('VIP');
const SUL = demo.portfolioId('Carteira Sul');
const SINCE = '2025-01-01T00:00:00.000Z';
const UNTIL = '2030-01-01T00:00:00.000Z';

const contactFields = {
	email: 'every.option@example.com',
	instagram: 'every.option',
	annotation: 'Every option set',
	tagNames: 'VIP, Every',
	tagIds: VIP,
	portfolioNames: 'Carteira Sul',
	portfolioIds: SUL,
	sequenceIds: SEQUENCE_ID,
	customFieldsUi: { field: [{ key: 'plano', value: 'Pro' }] },
	customFieldsJson: '{"pontos": 5}',
	metadataUi: { entry: [{ key: 'origem', value: 'contract test' }] },
};
const createOptions = {
	getIfExists: false,
	upsert: true,
	upsertFields: ['Name', 'Tags', 'Metadata'],
	upsertTagOperation: 'INSERTIFNOTEXISTS',
};
const listingOptions = { includeDetails: ['Tags', 'CustomFields', 'Portfolios'], orderBy: 'name', orderDirection: 'DESCENDING' };
const dateFilters = { createdAfter: SINCE, createdBefore: UNTIL, updatedAfter: SINCE, updatedBefore: UNTIL };
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const byPhone = (value: string) => ({ __rl: true, mode: 'phone', value });
const distributionConfig = {
	settings: { expirationIsEnabled: true, maximumDurationInMinutes: 90, inactivityTimeInMinutes: 15 },
};
const channelsConfig = { config: { scope: 'SELECTED', channels: ['WhatsApp Comercial'] } };
const agents = { agent: [{ userId: demo.userId('Bruno Lima'), isAgent: true, isSupervisor: true }] };

/** [title, parameters] of every operation; `ids` are the records the creates made. */
function operations(ids: { contact: string; department: string; subscription: string }): Array<[string, INodeParameters]> {
	const contact = { resource: 'contact' };
	const department = { resource: 'department' };
	const webhook = { resource: 'webhook' };
	const updateFields = {
		...contactFields,
		name: 'Every Option',
		phoneNumber: '+55|11955554444',
		pictureUrl: 'https://example.com/picture.png',
		status: 'ACTIVE',
		utm: {
			values: { source: 's', medium: 'm', campaign: 'c', content: 'ct', headline: 'h', term: 't', referralUrl: 'https://example.com/r' },
		},
	};
	return [
		[
			'contact create',
			{
				...contact,
				operation: 'create',
				name: 'Every Option',
				phoneNumber: '+55|11955550000',
				additionalFields: contactFields,
				options: createOptions,
			},
		],
		[
			'contact get by id',
			{
				...contact,
				operation: 'get',
				contact: byId(ids.contact),
				simple: false,
				options: { includeDetails: ['Tags', 'CustomFields', 'Portfolios'] },
			},
		],
		[
			'contact get by phone',
			{ ...contact, operation: 'get', contact: byPhone('+55|11955550000'), simple: false, options: { includeDetails: ['Tags'] } },
		],
		[
			'contact get many',
			{
				...contact,
				operation: 'getAll',
				returnAll: false,
				limit: 3,
				simple: false,
				filters: { ...dateFilters, status: 'ACTIVE' },
				options: listingOptions,
			},
		],
		[
			'contact search',
			{
				...contact,
				operation: 'search',
				textFilter: 'every',
				returnAll: true,
				simple: false,
				filters: {
					...contactFields,
					name: 'Every',
					phoneNumber: '11955550000',
					...dateFilters,
					origin: 'CREATED_BY_USER',
					status: 'ACTIVE',
				},
				options: listingOptions,
			},
		],
		[
			'contact update by id',
			{ ...contact, operation: 'update', contact: byId(ids.contact), updateFields, options: { tagsOperation: 'InsertIfNotExists' } },
		],
		[
			'contact update by phone',
			{
				...contact,
				operation: 'update',
				contact: byPhone('+55|11955554444'),
				updateFields: { ...updateFields, phoneNumber: '+55|11955550000' },
				options: { tagsOperation: 'ReplaceAll' },
			},
		],
		[
			'contact tags by id',
			{
				...contact,
				operation: 'updateTags',
				contact: byId(ids.contact),
				tagsOperation: 'InsertIfNotExists',
				tagNames: 'Lead',
				tagIds: VIP,
			},
		],
		[
			'contact tags by phone',
			{
				...contact,
				operation: 'updateTags',
				contact: byPhone('+55|11955550000'),
				tagsOperation: 'ReplaceAll',
				tagNames: 'Lead',
				tagIds: VIP,
			},
		],
		[
			'contact create or update many',
			{
				...contact,
				operation: 'upsertMany',
				dataMode: 'defineBelow',
				name: 'Batch Option',
				phoneNumber: '+55|11955553333',
				additionalFields: contactFields,
				options: { upsert: true, upsertFields: ['Name'], getIfExists: false, upsertTagOperation: 'REPLACEALL' },
			},
		],
		['contact custom fields', { ...contact, operation: 'getCustomFields', nested: true }],

		[
			'department create',
			{
				...department,
				operation: 'create',
				name: 'Every Option',
				additionalFields: {
					agents,
					channelsConfig,
					isDefault: false,
					distributionConfig,
					distributionIsEnabled: true,
					restrictionType: 'USER_RESTRICTION',
				},
			},
		],
		['department get', { ...department, operation: 'get', department: byId(ids.department), includeDetails: 'All' }],
		['department get many', { ...department, operation: 'getAll' }],
		[
			'department update',
			{
				...department,
				operation: 'update',
				department: byId(ids.department),
				updateFields: {
					name: 'Every Option 2',
					channelsConfig,
					isDefault: false,
					distributionConfig,
					distributionIsEnabled: false,
					restrictionType: 'NONE',
				},
			},
		],
		['department agents', { ...department, operation: 'updateAgents', department: byId(ids.department), agentsAction: 'Upsert', agents }],
		['department channels', { ...department, operation: 'getChannels', department: byId(ids.department) }],
		['department delete', { ...department, operation: 'delete', department: byId(ids.department) }],

		['webhook events', { ...webhook, operation: 'getEvents' }],
		[
			'webhook create',
			{
				...webhook,
				operation: 'create',
				name: 'Every Option',
				url: 'https://example.com/hook',
				events: ['SESSION_NEW', 'CONTACT_NEW'],
				enabled: false,
			},
		],
		['webhook get', { ...webhook, operation: 'get', subscription: byId(ids.subscription) }],
		['webhook get many', { ...webhook, operation: 'getAll' }],
		[
			'webhook update',
			{
				...webhook,
				operation: 'update',
				subscription: byId(ids.subscription),
				updateFields: { enabled: true, events: ['SESSION_NEW'], name: 'Every Option 2', url: 'https://example.com/hook2' },
			},
		],
		['webhook delete', { ...webhook, operation: 'delete', subscription: byId(ids.subscription) }],
	];
}

/** A contract type, as far as the walks below read it. */
interface ContractType {
	type?: string;
	keys?: Record<string, ContractType>;
	of?: ContractType;
}

/** Every key path the contract names (`query.X`, `body.a.b`, `body.items[].name`), per endpoint. */
function contractKeys(): Set<string> {
	const keys = new Set<string>();
	const walk = (type: ContractType, at: string) => {
		if (type.type === 'shape')
			for (const [name, inner] of Object.entries(type.keys ?? {})) {
				keys.add(`${at}.${name}`);
				walk(inner, `${at}.${name}`);
			}
		if (type.type === 'list' && type.of) walk(type.of, `${at}[]`);
	};
	for (const endpoint of ENDPOINTS) {
		const at = `${endpoint.method} ${endpoint.path}`;
		for (const name of Object.keys(endpoint.query ?? {})) keys.add(`${at} query.${name}`);
		if (endpoint.body) walk(endpoint.body, `${at} body`);
	}
	return keys;
}

/** The key paths one logged request used, in the same notation. */
function sentKeys(request: LoggedRequest): string[] {
	const endpoint = endpointOf(request.method, request.path.replace(/^\/core/, ''));
	const at = `${endpoint.method} ${endpoint.path}`;
	const keys = Object.keys(request.query).map((name) => `${at} query.${name}`);
	const walk = (value: unknown, where: string, type: ContractType | undefined) => {
		if (type?.type === 'shape' && value && typeof value === 'object' && !Array.isArray(value)) {
			for (const [name, inner] of Object.entries(value)) {
				keys.push(`${where}.${name}`);
				walk(inner, `${where}.${name}`, type.keys?.[name]);
			}
		}
		if (type?.type === 'list' && Array.isArray(value)) for (const item of value) walk(item, `${where}[]`, type.of);
	};
	if (endpoint.body) walk(request.body, `${at} body`, endpoint.body);
	return keys;
}

describe('Contract: every operation with every option set', () => {
	const helena = useSandbox();

	test('each request is within the contract; every endpoint is called and every contract key is sent but the listed ones', async () => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
		const ids = { contact: '', department: '', subscription: '' };
		// built again at each step, so later operations name the records the creates made
		for (let step = 0; step < operations(ids).length; step++) {
			const [title, parameters] = operations(ids)[step];
			const { items, error } = await helena.run(parameters);
			expect({ title, error: error?.message, description: (error as { description?: string })?.description }).toEqual({
				title,
				error: undefined,
				description: undefined,
			});
			if (title === 'contact create') ids.contact = String(items[0].json.id);
			if (title === 'department create') ids.department = String(items[0].json.id);
			if (title === 'webhook create') ids.subscription = String(items[0].json.id);
		}
		const requests = helena.apiRequests();
		expect(requests.filter((request) => request.violations)).toEqual([]);
		expect(helena.sandbox.contract.violations).toEqual([]);

		const called = new Set(
			requests.map((request) => {
				const endpoint = endpointOf(request.method, request.path.replace(/^\/core/, ''));
				return `${endpoint.method} ${endpoint.path}`;
			}),
		);
		expect(called.size).toBe(24);

		const sent = new Set(requests.flatMap(sentKeys));
		const unsent = [...contractKeys()].filter((key) => !sent.has(key)).sort();
		expect(unsent).toEqual([]);
	});
});
