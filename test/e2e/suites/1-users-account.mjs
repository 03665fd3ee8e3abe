// One workflow through the User and Account operations, run by `n8n execute` (before the suites that start
// an n8n server, whose task broker would hold the port `n8n execute` needs on 2.x).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { outputOf } from '../../../scripts/lib/n8n.mjs';
import { e2e } from '../context.mjs';
import { helenaChainWorkflow } from '../../../scripts/lib/workflows.mjs';

const require = createRequire(import.meta.url);
const { demo } = require('../../sandbox/index.js');

const CARLA = demo.userId('Carla Mendes');
const VENDAS = demo.departmentId('Vendas');
const SUPORTE = demo.departmentId('Suporte');

describe(`the User and Account operations in one workflow, in n8n ${e2e.version}`, () => {
	test('office hours, custom fields, create a user, update, teams, status, log out, read back, delete handing the conversations over', async () => {
		const byId = (value) => ({ __rl: true, mode: 'id', value });
		const user = byId("={{ $('Create user').first().json.userId }}");
		e2e.sandbox.clearRequests();
		const workflow = helenaChainWorkflow('e2eUsersChain001', [
			{ name: 'Office hours', parameters: { resource: 'account', operation: 'getOfficeHours' } },
			{ name: 'Panel fields', parameters: { resource: 'account', operation: 'getCustomFields', entityType: 'PANEL' } },
			{
				name: 'Create user',
				parameters: {
					resource: 'user',
					operation: 'create',
					name: 'e2e Agent',
					profile: 'Agent',
					additionalFields: { email: 'e2e.agent@empresa-demo.com.br' },
				},
			},
			{
				name: 'Update user',
				parameters: { resource: 'user', operation: 'update', user, updateFields: { shortName: 'E2E', availability: 'UNAVAILABLE' } },
			},
			{
				name: 'Teams',
				parameters: {
					resource: 'user',
					operation: 'setDepartments',
					user,
					departmentsAction: 'ReplaceAll',
					departments: {
						department: [
							{ departmentId: byId(VENDAS), isAgent: true, isSupervisor: false },
							{ departmentId: byId(SUPORTE), isSupervisor: true },
						],
					},
				},
			},
			{ name: 'Block', parameters: { resource: 'user', operation: 'setStatus', user, status: 'Blocked' } },
			{ name: 'Log out', parameters: { resource: 'user', operation: 'logOut', user } },
			{ name: 'Get user', parameters: { resource: 'user', operation: 'get', user } },
			{ name: 'Users', parameters: { resource: 'user', operation: 'getAll' } },
			{
				name: 'Delete user',
				parameters: { resource: 'user', operation: 'delete', user, openConversations: 'TRANSFER', transferTo: byId(CARLA) },
			},
		]);
		const result = await e2e.executeWorkflow(workflow);

		assert.equal(result.ok, true, result.raw.stdout.slice(-3000) + result.raw.stderr.slice(-3000));
		const [hours] = outputOf(result.runData, 'Office hours');
		assert.equal(hours.days.length, 7);
		assert.ok(outputOf(result.runData, 'Panel fields').every((field) => field.entityType === 'PANEL'));
		const [created] = outputOf(result.runData, 'Create user');
		const [read] = outputOf(result.runData, 'Get user');
		assert.equal(read.shortName, 'E2E');
		assert.equal(read.availability, 'UNAVAILABLE');
		assert.deepEqual(
			read.departments.map((team) => [team.departmentId, team.isSupervisor]).sort(),
			[
				[SUPORTE, true],
				[VENDAS, false],
			].sort(),
		);
		assert.ok(outputOf(result.runData, 'Users').some((listed) => listed.userId === created.userId));
		assert.deepEqual(outputOf(result.runData, 'Log out'), [{ loggedOut: true, id: created.userId }]);
		assert.deepEqual(outputOf(result.runData, 'Delete user'), [{ deleted: true, id: created.userId }]);
		const writes = e2e.sandbox.requests.filter((request) => request.method !== 'GET');
		assert.deepEqual(
			writes.map((request) => `${request.method} ${request.decodedPath.replace(created.userId, '{id}')}`),
			[
				'POST /core/v1/agent',
				'PUT /core/v1/agent/{id}',
				'POST /core/v1/agent/{id}/departments',
				'POST /core/v1/agent/{id}/status',
				'POST /core/v1/agent/{id}/logout',
				'DELETE /core/v1/agent/{id}',
			],
		);
		assert.deepEqual(writes.at(-1).body, { sessionResolution: 'TRANSFER', transferUserId: CARLA });
		assert.equal(e2e.sandbox.state.users.has(created.userId), false);
		assert.equal(e2e.sandbox.requests.filter((request) => request.violations).length, 0);
	});
});
