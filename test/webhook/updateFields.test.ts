import { deriveUpdateFields } from '../../nodes/Helena/helpers';
import { SUBSCRIPTION_UPDATE_FIELDS } from '../../nodes/Helena/actions/webhook/subscriptionFields';

describe('deriveUpdateFields for webhook subscriptions', () => {
	test('a field set to false, 0 or an empty text still counts as set', () => {
		expect(deriveUpdateFields({ enabled: false, name: '' }, SUBSCRIPTION_UPDATE_FIELDS)).toEqual(['Name', 'Enabled']);
	});

	test('nothing set gives nothing', () => {
		expect(deriveUpdateFields({}, SUBSCRIPTION_UPDATE_FIELDS)).toEqual([]);
	});

	test('maps each subscription parameter to its API name', () => {
		expect(deriveUpdateFields({ url: 'https://x.example', events: ['SESSION_NEW'] }, SUBSCRIPTION_UPDATE_FIELDS)).toEqual([
			'Url',
			'Events',
		]);
	});
});
