import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';
import { expectRefused, fromItem as v, sentWith } from '../helpers/refused';

/* Webhook subscription parameters from expressions (#20 classes 1 and 8). */
describe('Webhook: expression values', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});
	const create = { resource: 'webhook', operation: 'create', name: 'CRM', url: 'https://crm.example.com/hook', events: ['SESSION_NEW'] };
	const eventsRead = ['GET /core/v1/webhook/event'];

	test('a name that is an object, a list or only spaces is refused; names are trimmed like department names', async () => {
		await expectRefused(helena, { ...create, name: v }, [{ v: { name: 'CRM' } }], 'Name must be text, not an object (item 0)');
		await expectRefused(helena, { ...create, name: v }, [{ v: ['CRM'] }], 'Name must be text, not a list (item 0)');
		await expectRefused(helena, { ...create, name: v }, [{ v: '   ' }], 'Name must be 1 to 100 characters long; it has 0 (item 0)');
		await expectRefused(helena, { ...create, url: v }, [{ v: { href: 'https://x.example' } }], 'URL must be text, not an object (item 0)');
		const trimmed = await sentWith(helena, { ...create, name: v }, [{ v: '  CRM sync  ' }]);
		expect(trimmed.body).toMatchObject({ name: 'CRM sync' });
	});

	test('Enabled "false" is false and "true" is true; "no", 0 and an object are refused', async () => {
		const created = await sentWith(helena, { ...create, enabled: v }, [{ v: 'false' }]);
		expect(created.body).toEqual({ name: 'CRM', url: 'https://crm.example.com/hook', enabled: false, events: ['SESSION_NEW'] });
		expect(created.output[0]).toMatchObject({ enabled: false });
		const id = String(created.output[0].id);
		const updated = await sentWith(
			helena,
			{ resource: 'webhook', operation: 'update', subscription: byId(id), updateFields: { enabled: v } },
			[{ v: 'true' }],
		);
		expect(updated.body).toEqual({ fields: ['Enabled'], enabled: true });
		for (const value of ['no', 0, { on: true }]) {
			const shown = typeof value === 'string' ? `string "${value}"` : typeof value === 'number' ? `number ${value}` : 'an object';
			await expectRefused(helena, { ...create, enabled: v }, [{ v: value }], `Enabled must be true or false, not ${shown} (item 0)`);
		}
	});

	test('events: repeated names go once, lower case is written as Helena writes it, an object is refused', async () => {
		const sent = await sentWith(helena, { ...create, events: v }, [
			{ v: ['SESSION_NEW', 'session_new', ' SESSION_NEW ', 'session_complete'] },
		]);
		expect(sent.body.events).toEqual(['SESSION_NEW', 'SESSION_COMPLETE']);
		await expectRefused(
			helena,
			{ ...create, events: v },
			[{ v: [{ event: 'SESSION_NEW' }] }],
			'Event Names or IDs entry 1 must be text, not an object (item 0)',
		);
		await expectRefused(
			helena,
			{ ...create, events: v },
			[{ v: ['session_nova'] }],
			'Event Names or IDs contains "SESSION_NOVA", which Helena does not list (item 0)',
			eventsRead,
		);
	});
});
