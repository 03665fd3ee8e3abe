import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** The canvas shows about 27 characters of a subtitle; these operations need a shorter name there. */
const SHORT_NAMES: Record<string, string> = {
	'contact:updateTags': 'Change Tags',
	'contact:upsertMany': 'Create/Update Many',
	'contact:getCustomFields': 'Get Custom Fields',
	'account:getCustomFields': 'Get Custom Fields',
	'message:sendTemplateToMany': 'Template to Many',
	'message:startChatbotForMany': 'Chatbot for Many',
	'message:sendAndWait': 'Send and Wait',
	'webhook:create': 'Create',
	'webhook:delete': 'Delete',
	'webhook:get': 'Get',
	'webhook:update': 'Update',
};

/** Resources whose name leaves too little room on the canvas for their operations' names. */
const SHORT_RESOURCES: Record<string, string> = {
	scheduledMessage: 'Schedule',
};

const withoutParentheses = (label: string) => label.replace(/\s*\(.*\)$/, '');

/**
 * The canvas subtitle in the words of the dropdowns ("Contact: Create/Update Many") instead of the
 * stored values ("upsertMany: contact"), looked up from the Resource and Operation options.
 */
export function subtitleLabels(properties: INodeProperties[]): Record<string, string> {
	const resource = properties.find((property) => property.name === 'resource');
	const labels: Record<string, string> = {};
	for (const { name: resourceName, value: resourceValue } of (resource?.options ?? []) as INodePropertyOptions[]) {
		const operation = properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resourceValue),
		);
		for (const { name, value } of (operation?.options ?? []) as INodePropertyOptions[]) {
			const key = `${String(resourceValue)}:${String(value)}`;
			const resourceLabel = SHORT_RESOURCES[String(resourceValue)] ?? withoutParentheses(resourceName);
			labels[key] = `${resourceLabel}: ${SHORT_NAMES[key] ?? withoutParentheses(name)}`;
		}
	}
	return labels;
}

export function operationSubtitle(properties: INodeProperties[]): string {
	return `={{ ${JSON.stringify(subtitleLabels(properties))}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
