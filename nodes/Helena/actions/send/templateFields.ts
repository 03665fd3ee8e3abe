import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, readKeyValues } from '../../helpers';
import type { ChatTemplate } from '../chat/catalog';
import { checkMedia, readFileSource } from './media';
import type { MediaKind } from './media';

/* A template's parameters and header file: declared once for Send Template, its batch and scheduled messages. */

export function templateParametersField(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Template Parameters',
		name: 'templateParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		description: "Values of the template's variables, by the names the template declares",
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{
						displayName: 'Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getTemplateParameters', loadOptionsDependsOn: ['template.value', 'channel.value'] },
						default: '',
						description:
							'A variable of the template. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
		...overrides,
	};
}

/** The parameters as the template names them; a name it lacks, or one it needs and did not get, fails here. */
export function readTemplateParameters(context: IExecuteFunctions, raw: unknown, template: ChatTemplate, itemIndex: number): IDataObject {
	const parameters = readKeyValues(context, raw, 'Template Parameters', itemIndex, {
		group: 'parameter',
		keyName: 'name',
		keyWord: 'parameter',
	}) as IDataObject;
	const declared = template.params.length ? template.params.join(', ') : 'none';
	for (const name of Object.keys(parameters)) {
		if (!template.params.includes(name)) {
			throw invalidInput(
				context,
				'Template Parameters',
				`has "${name}", which the template "${template.name}" does not declare (its parameters: ${declared})`,
				itemIndex,
				'Parameters are matched by the names the template declares, not by position.',
			);
		}
	}
	const missing = template.params.filter((name) => !String(parameters[name] ?? '').trim());
	if (missing.length) {
		throw invalidInput(
			context,
			'Template Parameters',
			`lacks ${missing.map((name) => `"${name}"`).join(', ')}, required by the template "${template.name}"`,
			itemIndex,
		);
	}
	return parameters;
}

/** An approved template only: WhatsApp refuses any other. */
export function requireApproved(context: IExecuteFunctions, template: ChatTemplate, itemIndex: number): ChatTemplate {
	if (template.status && template.status !== 'Approved') {
		throw invalidInput(context, 'Template', `"${template.name}" is not approved by WhatsApp (status ${template.status})`, itemIndex);
	}
	return template;
}

/** The template's header file checked, nothing stored yet (see `checkMedia`); undefined for a template without media. */
export async function checkHeaderFile(
	context: IExecuteFunctions,
	template: ChatTemplate,
	itemIndex: number,
): Promise<(() => Promise<string>) | undefined> {
	const source = readFileSource(context, itemIndex, 'Header File', { optional: true });
	requireHeaderFileFits(context, template, source !== 'none', itemIndex);
	if (source === 'none') return undefined;
	return await checkMedia(context, template.fileType.toLowerCase() as MediaKind, itemIndex);
}

/** The template's header file as a URL or a Helena file ID (a binary file is uploaded); none for a template without media. */
export async function readHeaderFile(context: IExecuteFunctions, template: ChatTemplate, itemIndex: number): Promise<string | undefined> {
	const upload = await checkHeaderFile(context, template, itemIndex);
	return upload && (await upload());
}

/** A header file exactly when the template has a media header. */
export function requireHeaderFileFits(context: IExecuteFunctions, template: ChatTemplate, hasFile: boolean, itemIndex: number): void {
	if (template.fileType === 'UNDEFINED' && hasFile) {
		throw invalidInput(context, 'Header File', `is set, but the template "${template.name}" has no media header`, itemIndex);
	}
	if (template.fileType !== 'UNDEFINED' && !hasFile) {
		throw invalidInput(
			context,
			'Header File',
			`is required: the template "${template.name}" has a ${template.fileType.toLowerCase()} header`,
			itemIndex,
		);
	}
}
