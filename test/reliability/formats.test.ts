import { demo } from '../sandbox';
import { allRequests, useChatSandbox } from '../chat/chatFixture';
import { byName } from '../lists/listsFixture';

/*
 * A value Helena's API reference gives a format (email, uuid, date-time, uri) is checked before sending:
 * by its reader when the user gives it, and by the transport for every field the reference formats,
 * whatever produced the value (here: IDs taken from an earlier answer of Helena).
 */
describe('formatted values are checked before sending', () => {
	const helena = useChatSandbox();
	beforeEach(() => helena.sandbox.misbehaviour.clear());
	afterAll(() => helena.sandbox.misbehaviour.clear());

	test.each([
		['a control character', 'maria\u0000@empresa.com', 'contains an invisible or control character (U+0000 at position 6)'],
		['a bidi mark', 'maria\u202e@empresa.com', 'contains an invisible or control character (U+202E at position 6)'],
		['a zero-width space', 'ma\u200bria@empresa.com', 'contains an invisible or control character (U+200B at position 3)'],
		['markup', '<script>@empresa.com', 'contains a space, quote, bracket or markup character'],
		['a quoted part', '"maria"@empresa.com', 'contains a space, quote, bracket or markup character'],
		['two dots in a row', 'maria..silva@empresa.com', 'must not start or end with a dot before the @, nor have two dots in a row'],
		['a leading dot', '.maria@empresa.com', 'must not start or end with a dot before the @, nor have two dots in a row'],
		['two @', 'maria@silva@empresa.com', 'must contain exactly one @'],
		['a domain without a dot', 'maria@localhost', 'must end in a domain such as example.com after the @, not "localhost"'],
		['a domain with two dots', 'maria@empresa..com', 'must end in a domain such as example.com after the @, not "empresa..com"'],
		['65 characters before the @', `${'a'.repeat(65)}@empresa.com`, 'must have 1 to 64 characters before the @'],
		[
			'255 characters',
			`${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(11)}`,
			'is longer than 254 characters (255)',
		],
	])('User → Create and Update refuse an email with %s; nothing is sent', async (_case, email, problem) => {
		const created = await helena.run({
			resource: 'user',
			operation: 'create',
			name: 'Rafa',
			profile: 'Agent',
			additionalFields: { email },
		});
		const updated = await helena.run({
			resource: 'user',
			operation: 'update',
			user: { __rl: true, mode: 'id', value: demo.userId('Carla Mendes') },
			updateFields: { email },
		});

		for (const { error } of [created, updated])
			expect(error?.message).toMatch(
				new RegExp(
					`^Email is not an e-mail address such as name@example\\.com: it ${problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*\\) \\(item 0\\)$`,
					's',
				),
			);
		expect(allRequests(helena)).toEqual([]);
	});

	test('an ordinary address, one with a plus and one with accents in the domain, are sent as given (trimmed)', async () => {
		for (const email of [' maria.silva@empresa-demo.com.br ', 'rafa+vendas@empresa.com', 'joão@empresa.com', 'ana@café.com.br']) {
			const { error } = await helena.run({
				resource: 'user',
				operation: 'create',
				name: 'Rafa',
				profile: 'Agent',
				additionalFields: { email },
			});
			expect(error).toBeUndefined();
		}
		expect(allRequests(helena).map((request) => (request.body as { email: string }).email)).toEqual([
			'maria.silva@empresa-demo.com.br',
			'rafa+vendas@empresa.com',
			'joão@empresa.com',
			'ana@café.com.br',
		]);
	});

	test('a tag ID from an earlier answer that is not a UUID is refused by the transport (Conversation → Get Many, tag by name)', async () => {
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: /^\/core\/v1\/tag$/,
			body: [{ id: 'tag-vip', name: 'VIP', color: 'PINK_400' }],
		});

		const { error } = await helena.run({ resource: 'session', operation: 'getAll', returnAll: true, filters: { tag: byName('vip') } });

		expect(error?.message).toBe(
			'The query parameter TagsId[0] of GET /chat/v2/session must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6 ("tag-vip") (item 0)',
		);
		expect(error?.description).toBe("Helena's API reference gives TagsId[0] the uuid format. Nothing was sent.");
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /core/v1/tag']);
	});

	test('a channel ID from an earlier answer that is not a UUID is refused the same way (Conversation → Get Many, channel by number)', async () => {
		helena.sandbox.misbehaviour.next({
			method: 'GET',
			path: /^\/chat\/v1\/channel$/,
			body: [{ id: '', number: '5511940000001', numberFormatted: '+55 11 94000-0001', platform: 'WhatsApp' }],
		});

		const { error } = await helena.run({
			resource: 'session',
			operation: 'getAll',
			returnAll: true,
			filters: { channel: { __rl: true, mode: 'number', value: '5511940000001' } },
		});

		expect(error?.message).toMatch(/^The query parameter ChannelsId\[0\] of GET \/chat\/v2\/session must be a UUID .* \(""\) \(item 0\)$/);
		expect(allRequests(helena).filter((request) => request.path === '/chat/v2/session')).toEqual([]);
	});
});
