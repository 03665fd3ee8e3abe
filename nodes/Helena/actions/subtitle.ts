import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle in the words of the dropdowns ("Contact: Create or Update Many (Batch)")
 * instead of the stored values ("upsertMany: contact"), looked up from the Resource and Operation options.
 */
export function operationSubtitle(properties: INodeProperties[]): string {
	const resource = properties.find((property) => property.name === 'resource');
	const labels: Record<string, string> = {};
	for (const { name: resourceName, value: resourceValue } of (resource?.options ?? []) as INodePropertyOptions[]) {
		const operation = properties.find(
			(property) =>
				property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resourceValue),
		);
		for (const { name, value } of (operation?.options ?? []) as INodePropertyOptions[]) {
			labels[`${String(resourceValue)}:${String(value)}`] = `${resourceName}: ${name}`;
		}
	}
	return `={{ ${JSON.stringify(labels)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
