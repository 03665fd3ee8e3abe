import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../engine/sandbox';
import { byId } from '../helpers/requests';
import { expectRefused, fromItem as v, sentWith } from '../helpers/refused';

import { demo } from '../sandbox';

/* Department parameters from expressions (#20 classes 1 and 8): converted when unambiguous, refused otherwise. */
describe('Department: expression values', () => {
	const helena = useSandbox();
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});
	const suporte = byId(demo.departmentId('Suporte'));
	const create = { resource: 'department', operation: 'create', name: 'Plantão' };
	const update = { resource: 'department', operation: 'update', department: suporte };
	const agents = (action: string, rows: unknown[]): INodeParameters =>
		({
			resource: 'department',
			operation: 'updateAgents',
			department: suporte,
			agentsAction: action,
			agents: { agent: rows },
		}) as INodeParameters;
	const ana = demo.userId('Ana Souza');
	const bruno = demo.userId('Bruno Lima');

	test('an object, a list or a boolean as the name is refused; a name of only spaces is refused; a number is its text', async () => {
		await expectRefused(helena, { ...create, name: v }, [{ v: { name: 'Vendas' } }], 'Name must be text, not an object (item 0)');
		await expectRefused(helena, { ...create, name: v }, [{ v: ['Vendas'] }], 'Name must be text, not a list (item 0)');
		await expectRefused(
			helena,
			{ ...update, updateFields: { name: v } },
			[{ v: true }],
			'Name must be text, not the boolean true (item 0)',
		);
		await expectRefused(
			helena,
			{ ...update, updateFields: { name: v } },
			[{ v: '\t  ' }],
			'Name must be 1 to 100 characters long; it has 0 (item 0)',
		);
		const numbered = await sentWith(helena, { ...create, name: v }, [{ v: 2024 }]);
		expect(numbered.body).toEqual({ name: '2024' });
	});

	test('"true"/"false" are booleans for Default Department, Distribution Enabled, Agent and Supervisor; other values are refused', async () => {
		const sent = await sentWith(helena, { ...update, updateFields: { isDefault: v, distributionIsEnabled: '={{ "TRUE" }}' } }, [
			{ v: 'false' },
		]);
		expect(sent.body).toEqual({ fields: ['IsDefault', 'DistributionIsEnabled'], isDefault: false, distributionIsEnabled: true });
		await expectRefused(
			helena,
			{ ...update, updateFields: { isDefault: v } },
			[{ v: 'no' }],
			'Default Department must be true or false, not string "no" (item 0)',
		);
		await expectRefused(
			helena,
			{ ...create, additionalFields: { distributionIsEnabled: v } },
			[{ v: 1 }],
			'Distribution Enabled must be true or false, not number 1 (item 0)',
		);
		await expectRefused(
			helena,
			agents('Upsert', [{ userId: ana, isAgent: v }]),
			[{ v: 'sim' }],
			'Agent must be true or false, not string "sim" (item 0)',
		);
		const roles = await sentWith(helena, agents('Upsert', [{ userId: ana, isAgent: v, isSupervisor: '={{ "true" }}' }]), [{ v: 'false' }]);
		expect(roles.body).toEqual({ action: 'Upsert', items: [{ userId: ana, isAgent: false, isSupervisor: true }] });
	});

	test('options outside the list are refused: restriction ANYONE, scope SOME, include details Everything, action Purge', async () => {
		await expectRefused(
			helena,
			{ ...update, updateFields: { restrictionType: v } },
			[{ v: 'ANYONE' }],
			'Restriction Type must be one of DEPARTMENT_RESTRICTION, NONE, USER_RESTRICTION, not "ANYONE" (item 0)',
		);
		await expectRefused(
			helena,
			{ ...update, updateFields: { channelsConfig: { config: { scope: v } } } },
			[{ v: 'SOME' }],
			'Channels: Scope must be one of ALL, NONE, SELECTED, not "SOME" (item 0)',
		);
		await expectRefused(
			helena,
			{ resource: 'department', operation: 'get', department: suporte, includeDetails: v },
			[{ v: 'Everything' }],
			'Include Details must be one of Agents, All, Channels, none, not "Everything" (item 0)',
		);
		await expectRefused(
			helena,
			agents(v, [{ userId: ana }]),
			[{ v: 'Purge' }],
			'Action must be one of Upsert, Remove, ReplaceAll, not "Purge" (item 0)',
		);
	});

	test('channels: an object entry is refused; repeated channels go once; minutes as text "15" are 15, "1.5" is refused', async () => {
		const selected = (channels: string) => ({ ...update, updateFields: { channelsConfig: { config: { scope: 'SELECTED', channels } } } });
		await expectRefused(
			helena,
			selected(v),
			[{ v: [{ name: 'WhatsApp Suporte' }] }],
			'Channels entry 1 must be text, not an object (item 0)',
		);
		const sent = await sentWith(helena, selected(v), [{ v: ['WhatsApp Suporte', 'WhatsApp Suporte'] }]);
		expect(sent.body).toEqual({ fields: ['ChannelsConfig'], channelsConfig: { scope: 'SELECTED', channels: ['WhatsApp Suporte'] } });

		const minutes = (value: string) => ({
			...update,
			updateFields: { distributionConfig: { settings: { expirationIsEnabled: true, inactivityTimeInMinutes: value } } },
		});
		const fifteen = await sentWith(helena, minutes(v), [{ v: '15' }]);
		expect(fifteen.body.distributionConfig).toEqual({ expirationIsEnabled: true, inactivityTimeInMinutes: 15 });
		await expectRefused(
			helena,
			minutes(v),
			[{ v: '1.5' }],
			'Inactivity Time (Minutes) must be a whole number of minutes, not "1.5" (item 0)',
		);
		await expectRefused(
			helena,
			minutes(v),
			[{ v: true }],
			'Inactivity Time (Minutes) must be a whole number of minutes, not true (item 0)',
		);
	});

	test('the same agent twice (any letter case) is refused, for every action', async () => {
		for (const action of ['Upsert', 'Remove', 'ReplaceAll']) {
			await expectRefused(
				helena,
				agents(action, [{ userId: ana }, { userId: bruno }, { userId: ` ${ana.toUpperCase()} ` }]),
				undefined,
				`Agents has the user ${ana.toUpperCase()} twice; give each user once (item 0)`,
			);
		}
		await expectRefused(
			helena,
			{ ...create, additionalFields: { agents: { agent: [{ userId: ana }, { userId: ana }] } } },
			undefined,
			`Agents has the user ${ana} twice; give each user once (item 0)`,
		);
	});
});
