import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RecordRef } from '../../transport';
import { locatorValue, userLocator } from '../chat/locators';
import {
	invalidInput,
	optionValues,
	readBoolean,
	readList,
	readLocatorId,
	readName,
	readOption,
	requireUuid,
	shown,
	uuidLocator,
} from '../../helpers';

/** Which department an operation works on: picked from the list or given by ID. */
export const departmentLocator: INodeProperties = uuidLocator({
	displayName: 'Department',
	name: 'department',
	description: 'The department (team) to use',
	record: 'department',
	searchListMethod: 'searchDepartments',
});

export function readDepartmentId(context: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(context, departmentLocator, itemIndex);
}

/** What a department request names: the department, and the users (Agents) and channels (Channels) it may carry. */
export function departmentRecords(id: string): RecordRef[] {
	return [
		{ kind: 'department', value: id, message: `The department with ID "${id}" was not found in Helena` },
		{ kind: 'user', message: 'A user in Agents was not found in Helena' },
		{ kind: 'channel', message: 'A channel in Channels was not found in Helena' },
	];
}

/**
 * "Update Fields" parameters and the `fields` value each one stands for. Helena lists `Description`
 * among the fields but its request has no property to carry one, so it is not offered.
 */
export const DEPARTMENT_UPDATE_FIELDS: Record<string, string> = {
	name: 'Name',
	isDefault: 'IsDefault',
	distributionIsEnabled: 'DistributionIsEnabled',
	channelsConfig: 'ChannelsConfig',
	restrictionType: 'RestrictionType',
	distributionConfig: 'DistributionConfig',
};

export const nameOption: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Support',
	description: 'Name of the department (1 to 100 characters)',
};

export const isDefaultOption: INodeProperties = {
	displayName: 'Default Department',
	name: 'isDefault',
	type: 'boolean',
	default: false,
	description: "Whether this is the account's default department (only one department is the default)",
};

export const distributionEnabledOption: INodeProperties = {
	displayName: 'Distribution Enabled',
	name: 'distributionIsEnabled',
	type: 'boolean',
	default: false,
	description: "Whether Helena distributes the department's conversations among its agents automatically",
};

// text, not a number field: n8n drops a number equal to its default, so an explicit 0 could not be told from "not set"
const minutes = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder: 'e.g. 30',
	description: `${description}, in whole minutes; leave empty to send no value (0 is sent as 0)`,
});

export const distributionConfigOption: INodeProperties = {
	displayName: 'Distribution Config',
	name: 'distributionConfig',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Set Distribution Config',
	description: 'How distributed conversations expire. Helena replaces the whole configuration with these values.',
	options: [
		{
			displayName: 'Distribution Config',
			name: 'settings',
			values: [
				{
					displayName: 'Expiration Enabled',
					name: 'expirationIsEnabled',
					type: 'boolean',
					default: false,
					description: 'Whether distributed conversations expire',
				},
				minutes('Inactivity Time (Minutes)', 'inactivityTimeInMinutes', 'Inactivity time'),
				minutes('Maximum Duration (Minutes)', 'maximumDurationInMinutes', 'Maximum duration'),
			],
		},
	],
};

export const restrictionTypeOption: INodeProperties = {
	displayName: 'Restriction Type',
	name: 'restrictionType',
	type: 'options',
	default: 'NONE',
	description: "Restriction type of the department, as in Helena's team settings",
	options: [
		{ name: 'Department Restriction', value: 'DEPARTMENT_RESTRICTION' },
		{ name: 'None', value: 'NONE' },
		{ name: 'User Restriction', value: 'USER_RESTRICTION' },
	],
};

export const channelsConfigOption: INodeProperties = {
	displayName: 'Channels',
	name: 'channelsConfig',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Set Channels',
	description: 'Which channels the department serves',
	options: [
		{
			displayName: 'Channels',
			name: 'config',
			values: [
				{
					displayName: 'Scope',
					name: 'scope',
					type: 'options',
					default: 'ALL',
					options: [
						{ name: 'All Channels', value: 'ALL' },
						{ name: 'No Channels', value: 'NONE' },
						{ name: 'Selected Channels', value: 'SELECTED' },
					],
				},
				{
					displayName: 'Channels',
					name: 'channels',
					type: 'string',
					typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Channel' },
					default: [],
					placeholder: 'e.g. WhatsApp Sales',
					description: 'Each channel by its ID, name or number',
					displayOptions: { show: { scope: ['SELECTED'] } },
				},
			],
		},
	],
};

/** The rows of an agent list: each user picked from the list or given by user ID (what `GET /core/v1/agent` lists as `userId`). */
export const agentValues: INodeProperties[] = [
	userLocator('userId', {
		required: true,
		description: 'The Helena user; By ID takes the user ID (userId), not the agent record ID',
	}),
	{
		displayName: 'Agent',
		name: 'isAgent',
		type: 'boolean',
		default: true,
		description: "Whether the user handles the department's conversations",
	},
	{
		displayName: 'Supervisor',
		name: 'isSupervisor',
		type: 'boolean',
		default: false,
		description: 'Whether the user supervises the department',
	},
];

export const agentsOption: INodeProperties = {
	displayName: 'Agents',
	name: 'agents',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	placeholder: 'Add Agent',
	description: 'Users who work in the department',
	options: [{ displayName: 'Agent', name: 'agent', values: agentValues }],
};

const RESTRICTION_TYPES = optionValues(restrictionTypeOption);
const CHANNEL_SCOPES = ['ALL', 'NONE', 'SELECTED'];

/** A department name: text, trimmed, 1 to 100 characters. */
export function readDepartmentName(context: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return readName(context, value, 'Name', itemIndex, 100);
}

/**
 * The rows of an Agents field as API items; `withRoles: false` sends only the user IDs. A user given
 * twice (IDs compare without regard to letter case) is refused: Helena would get two different roles for one user.
 */
export function readAgents(context: IExecuteFunctions, value: unknown, itemIndex: number, { withRoles = true } = {}): IDataObject[] {
	const rows = ((value as IDataObject | undefined)?.agent ?? []) as IDataObject[];
	const seen = new Set<string>();
	return rows.map((row) => {
		// a plain ID (workflows saved before the picker, expressions) and a picker value alike
		const userId = requireUuid(context, locatorValue(row.userId) ?? '', 'User ID', itemIndex);
		if (seen.has(userId.toLowerCase())) {
			throw invalidInput(context, 'Agents', `has the user ${userId} twice; give each user once`, itemIndex);
		}
		seen.add(userId.toLowerCase());
		if (!withRoles) return { userId };
		return {
			userId,
			isAgent: readBoolean(context, row.isAgent, 'Agent', itemIndex, true),
			isSupervisor: readBoolean(context, row.isSupervisor, 'Supervisor', itemIndex, false),
		};
	});
}

/** Minutes as a whole number (0 is sent as 0); nothing sends no value. */
function readMinutes(context: IExecuteFunctions, value: unknown, field: string, itemIndex: number) {
	if (value === undefined || value === null || value === '') return undefined;
	const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
	if (!Number.isInteger(number) || number < 0 || number > 2147483647) {
		const given = typeof value === 'number' || typeof value === 'string' ? `"${String(value)}"` : shown(value);
		throw invalidInput(context, field, `must be a whole number of minutes, not ${given}`, itemIndex);
	}
	return number;
}

function readDistributionConfig(context: IExecuteFunctions, value: unknown, itemIndex: number): IDataObject {
	const settings = (value as IDataObject | undefined)?.settings as IDataObject | undefined;
	if (!settings) {
		throw invalidInput(context, 'Distribution Config', 'was added but is empty: set it or remove it', itemIndex);
	}
	const config: IDataObject = {
		expirationIsEnabled: readBoolean(context, settings.expirationIsEnabled, 'Expiration Enabled', itemIndex, false),
	};
	const maximum = readMinutes(context, settings.maximumDurationInMinutes, 'Maximum Duration (Minutes)', itemIndex);
	const inactivity = readMinutes(context, settings.inactivityTimeInMinutes, 'Inactivity Time (Minutes)', itemIndex);
	if (maximum !== undefined) config.maximumDurationInMinutes = maximum;
	if (inactivity !== undefined) config.inactivityTimeInMinutes = inactivity;
	return config;
}

function readChannelsConfig(context: IExecuteFunctions, value: unknown, itemIndex: number): IDataObject {
	const config = (value as IDataObject | undefined)?.config as IDataObject | undefined;
	if (!config) {
		throw invalidInput(context, 'Channels', 'was added but is empty: choose a scope or remove it', itemIndex);
	}
	const scope = readOption(context, config.scope ?? 'ALL', CHANNEL_SCOPES, 'Channels: Scope', itemIndex);
	if (scope !== 'SELECTED') return { scope, channels: [] };
	const channels = readList(context, config.channels, 'Channels', itemIndex, { unique: true });
	if (channels.length === 0) {
		throw invalidInput(context, 'Channels', 'needs at least one channel when the scope is Selected Channels', itemIndex);
	}
	return { scope, channels };
}

/** The body properties of the department settings that were set, validated (create and update). */
export function readDepartmentSettings(context: IExecuteFunctions, values: IDataObject, itemIndex: number): IDataObject {
	const body: IDataObject = {};
	if (values.name !== undefined) body.name = readDepartmentName(context, values.name, itemIndex);
	if (values.isDefault !== undefined) body.isDefault = readBoolean(context, values.isDefault, 'Default Department', itemIndex);
	if (values.distributionIsEnabled !== undefined) {
		body.distributionIsEnabled = readBoolean(context, values.distributionIsEnabled, 'Distribution Enabled', itemIndex);
	}
	if (values.channelsConfig !== undefined) {
		body.channelsConfig = readChannelsConfig(context, values.channelsConfig, itemIndex);
	}
	if (values.restrictionType !== undefined) {
		body.restrictionType = readOption(context, values.restrictionType, RESTRICTION_TYPES, 'Restriction Type', itemIndex);
	}
	if (values.distributionConfig !== undefined) {
		body.distributionConfig = readDistributionConfig(context, values.distributionConfig, itemIndex);
	}
	return body;
}
