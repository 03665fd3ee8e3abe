import { CONTACT_UPDATE_FIELDS } from '../../nodes/Helena/actions/contact/contactBody';
import { deriveUpdateFields } from '../../nodes/Helena/helpers';
import { byId, byPhone } from '../helpers/requests';
import { useSandbox } from '../engine/sandbox';

import { demo } from '../sandbox';

const MARIA_ID: string = demo.contactId(1);
const update = { resource: 'contact', operation: 'update' };

describe('deriveUpdateFields', () => {
	test('names exactly the fields present in the body, in the API order', () => {
		expect(deriveUpdateFields({ metadata: {}, name: 'A', tagNames: [], tagIds: [] }, CONTACT_UPDATE_FIELDS)).toEqual([
			'Name',
			'Tags',
			'Metadata',
		]);
		expect(
			deriveUpdateFields(
				{
					utm: {},
					sequenceIds: [],
					portfolioNames: [],
					pictureUrl: null,
					customFields: {},
					status: 'ACTIVE',
					annotation: null,
					instagram: 'x',
					email: null,
					phoneNumber: '1',
					name: 'n',
				},
				CONTACT_UPDATE_FIELDS,
			),
		).toEqual([
			'Name',
			'PhoneNumber',
			'Email',
			'Instagram',
			'Annotation',
			'Status',
			'CustomFields',
			'PictureUrl',
			'Portfolio',
			'SequenceIds',
			'Utm',
		]);
	});

	test('a null value counts as set (it clears the field); undefined and unknown keys do not', () => {
		expect(deriveUpdateFields({ email: null, name: undefined, options: {}, fields: [] }, CONTACT_UPDATE_FIELDS)).toEqual(['Email']);
		expect(deriveUpdateFields({}, CONTACT_UPDATE_FIELDS)).toEqual([]);
	});
});

describe('Contact > Update', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});

	test('by ID: PUT /v2/contact/{id} with the fields derived from what was set', async () => {
		const { items, error } = await helena.run({
			...update,
			contact: byId(MARIA_ID),
			updateFields: {
				name: 'Maria da Silva',
				annotation: '',
				status: 'ARCHIVED',
				pictureUrl: 'https://example.com/maria.jpg',
				tagNames: 'Newsletter',
				portfolioNames: 'Carteira Norte',
				customFieldsUi: {
					field: [
						{ key: 'pontos', value: '300' },
						{ key: 'cpf', value: '' },
					],
				},
				metadataUi: {
					entry: [
						{ key: 'segmento', value: 'varejo' },
						{ key: 'crmId', value: '' },
					],
				},
				utm: { values: { source: 'newsletter', campaign: 'abril' } },
			},
			options: { tagsOperation: 'ReplaceAll' },
		});

		expect(error).toBeUndefined();
		const put = helena.apiRequests().find((request) => request.method === 'PUT');
		expect(put?.path).toBe(`/core/v2/contact/${MARIA_ID}`);
		expect(put?.query).toEqual({});
		expect(put?.body).toEqual({
			fields: ['Name', 'Annotation', 'Tags', 'Status', 'CustomFields', 'PictureUrl', 'Portfolio', 'Utm', 'Metadata'],
			name: 'Maria da Silva',
			annotation: null,
			tagNames: ['Newsletter'],
			portfolioNames: ['Carteira Norte'],
			customFields: { pontos: 300, cpf: null },
			metadata: { segmento: 'varejo', crmId: null },
			status: 'ARCHIVED',
			pictureUrl: 'https://example.com/maria.jpg',
			utm: { source: 'newsletter', campaign: 'abril' },
			options: { tagsOperation: 'ReplaceAll' },
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: MARIA_ID,
			name: 'Maria da Silva',
			annotation: null,
			status: 'ARCHIVED',
			tagNames: ['Newsletter'],
			portfolioNames: ['Carteira Norte'],
			customFields: { pontos: 300, plano: 'Pro' },
			metadata: { segmento: 'varejo' },
			utm: { source: 'newsletter', campaign: 'abril' },
			email: 'maria.silva@example.com',
		});
	});

	test('by phone +55|11999999999: PUT /v1/contact/phonenumber/{phone} reaches that contact', async () => {
		const { items, error } = await helena.run({
			...update,
			contact: byPhone('+55|11999999999'),
			updateFields: { email: 'maria@new.example.com' },
		});

		expect(error).toBeUndefined();
		const [request] = helena.apiRequests();
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/core/v1/contact/phonenumber/%2B55%7C11999999999');
		expect(request.body).toEqual({ fields: ['Email'], email: 'maria@new.example.com' });
		expect(items[0].json).toMatchObject({ id: MARIA_ID, email: 'maria@new.example.com', name: 'Maria Silva' });
		expect(helena.sandbox.state.contacts.get(MARIA_ID).email).toBe('maria@new.example.com');
	});

	test('tags without a chosen operation are added (options.tagsOperation InsertIfNotExists)', async () => {
		const { items } = await helena.run({
			...update,
			contact: byId(MARIA_ID),
			updateFields: { tagIds: demo.tagId('Lead') },
		});

		expect(helena.apiRequests()[0].body).toEqual({
			fields: ['Tags'],
			tagIds: [demo.tagId('Lead')],
			options: { tagsOperation: 'InsertIfNotExists' },
		});
		expect(items[0].json.tagNames).toEqual(['Cliente', 'VIP', 'Lead']);
	});

	test('Remove sends the tag operation as the vendor reference spells it for updates', async () => {
		const { items } = await helena.run({
			...update,
			contact: byId(MARIA_ID),
			updateFields: { tagNames: 'VIP' },
			options: { tagsOperation: 'DeleteIfExists' },
		});

		expect(helena.apiRequests()[0].body).toEqual({
			fields: ['Tags'],
			tagNames: ['VIP'],
			options: { tagsOperation: 'DeleteIfExists' },
		});
		expect(items[0].json.tagNames).toEqual(['Cliente']);
	});

	test('an update with nothing set is an error, not a request', async () => {
		const { error } = await helena.run({ ...update, contact: byId(MARIA_ID), updateFields: {} });

		expect(error?.message).toBe('Update Fields is empty: add at least one field to change (item 0)');
		expect(helena.apiRequests()).toHaveLength(0);
	});

	test('a contact that does not exist gives an error that says so', async () => {
		const { error } = await helena.run({
			...update,
			contact: byPhone('+55|11000000000'),
			updateFields: { name: 'Nobody' },
		});

		expect(error?.message).toBe('No contact with the phone number "+55|11000000000" exists in Helena');
		expect(helena.apiRequests()).toHaveLength(1);
	});

	test('a tag ID Helena does not have is not reported as a missing contact', async () => {
		const { error } = await helena.run({
			...update,
			contact: byId(MARIA_ID),
			updateFields: { tagIds: '7d444840-9dc0-11d1-b245-5ffdce74fad2' },
		});

		expect(error?.message).toBe(
			'A tag given in Tags was not found in Helena (Helena says: "Etiqueta não encontrada: 7d444840-9dc0-11d1-b245-5ffdce74fad2")',
		);
		expect(error?.description).toContain('Etiqueta não encontrada: 7d444840-9dc0-11d1-b245-5ffdce74fad2');
	});

	test('a picture URL that is not http(s) or an empty UTM is refused before any request', async () => {
		const badUrl = await helena.run({
			...update,
			contact: byId(MARIA_ID),
			updateFields: { pictureUrl: 'ftp://example.com/x.jpg' },
		});
		const emptyUtm = await helena.run({
			...update,
			contact: byId(MARIA_ID),
			updateFields: { utm: { values: { source: '' } } },
		});

		expect(badUrl.error?.message).toBe('Picture URL must be an http:// or https:// URL, not "ftp://example.com/x.jpg" (item 0)');
		expect(emptyUtm.error?.message).toBe('UTM needs at least one attribute (item 0)');
		expect(helena.apiRequests()).toHaveLength(0);
	});
});
