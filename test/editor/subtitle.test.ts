import type { INode, INodeProperties } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { Helena } from '../../nodes/Helena/Helena.node';
import { subtitleLabels } from '../../nodes/Helena/helpers/subtitle';
import { HELENA_NODE, nodeTypes } from '../engine/nodeTypes';

const { properties, subtitle } = new Helena().description;

describe('the canvas subtitle', () => {
	const labels = subtitleLabels(properties);

	test("names every operation of every resource in the dropdowns' words, short enough for the canvas", () => {
		const operations = properties.filter((property: INodeProperties) => property.name === 'operation');
		const count = operations.reduce((sum, operation) => sum + (operation.options?.length ?? 0), 0);
		expect(Object.keys(labels)).toHaveLength(count);
		for (const label of Object.values(labels)) expect(label.length).toBeLessThanOrEqual(27);
		expect(labels['contact:upsertMany']).toBe('Contact: Create/Update Many');
		expect(labels['department:getAll']).toBe('Department: Get Many');
		expect(labels['webhook:getEvents']).toBe('Webhook: Get Events');
	});

	test('is an expression n8n evaluates with the node parameters', () => {
		const node: INode = {
			id: 'subtitle',
			name: 'Helena',
			type: HELENA_NODE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { resource: 'contact', operation: 'get' },
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		expect(workflow.expression.getSimpleParameterValue(node, subtitle, 'internal', {})).toBe('Contact: Get');
	});
});
