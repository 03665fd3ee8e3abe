import { DEPARTMENT_UPDATE_FIELDS } from '../../nodes/Helena/actions/department/departmentFields';
import { deriveUpdateFields } from '../../nodes/Helena/helpers';

describe('deriveUpdateFields for departments', () => {
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

	test('parameters that are not update fields are ignored, and nothing set gives nothing', () => {
		expect(deriveUpdateFields({ agents: { agent: [] } }, DEPARTMENT_UPDATE_FIELDS)).toEqual([]);
	});
});
