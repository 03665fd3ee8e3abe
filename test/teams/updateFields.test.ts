import { DEPARTMENT_UPDATE_FIELDS } from '../../nodes/Helena/actions/department/departmentFields';
import { deriveUpdateFields } from '../../nodes/Helena/actions/updateFields';
import { SUBSCRIPTION_UPDATE_FIELDS } from '../../nodes/Helena/actions/webhook/subscriptionFields';

describe('deriveUpdateFields', () => {
	test('names every department field that was set, in the API order', () => {
		expect(
			deriveUpdateFields(
				{
					distributionConfig: { settings: {} },
					restrictionType: 'NONE',
					channelsConfig: { config: { scope: 'ALL' } },
					distributionIsEnabled: true,
					isDefault: false,
					name: 'Suporte',
				},
				DEPARTMENT_UPDATE_FIELDS,
			),
		).toEqual(['Name', 'IsDefault', 'DistributionIsEnabled', 'ChannelsConfig', 'RestrictionType', 'DistributionConfig']);
	});

	test('a field set to false, 0 or an empty text still counts as set', () => {
		expect(deriveUpdateFields({ enabled: false, name: '' }, SUBSCRIPTION_UPDATE_FIELDS)).toEqual(['Name', 'Enabled']);
	});

	test('parameters that are not update fields are ignored, and nothing set gives nothing', () => {
		expect(deriveUpdateFields({ agents: { agent: [] } }, DEPARTMENT_UPDATE_FIELDS)).toEqual([]);
		expect(deriveUpdateFields({}, SUBSCRIPTION_UPDATE_FIELDS)).toEqual([]);
	});

	test('maps each subscription parameter to its API name', () => {
		expect(
			deriveUpdateFields({ url: 'https://x.example', events: ['SESSION_NEW'] }, SUBSCRIPTION_UPDATE_FIELDS),
		).toEqual(['Url', 'Events']);
	});
});
