// Workflows `npm start` imports so a newcomer has something to run against the sandbox right away.
import { helenaWorkflow, triggerWorkflow } from '../../test/e2e/workflows.mjs';

export const demoWorkflows = [
	{
		...helenaWorkflow('helenaDemoEvents', { resource: 'webhook', operation: 'getEvents' }),
		name: 'Helena demo: webhook events',
	},
	{ ...triggerWorkflow('helenaDemoTrigger'), name: 'Helena demo: new conversations (activate me)' },
];
