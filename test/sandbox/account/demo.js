'use strict';

/** The demo account: who the seeded users are (by name, as seed.js lists them) and when the company answers. */

const { stableId } = require('../ids');

const SEED_DATE_OF_USERS = '2025-12-01T09:00:00.000Z';

const DEMO_USERS = {
	'Ana Souza': { profile: 'Admin', isOwner: true, shortName: 'Ana', phoneNumber: '5511988880001' },
	'Bruno Lima': { profile: 'Agent', shortName: 'Bruno', phoneNumber: '5511988880002' },
	'Carla Mendes': { profile: 'Agent', shortName: 'Carla' },
	'Diego Alves': { profile: 'RestrictedAgent', shortName: 'Diego', availability: 'UNAVAILABLE' },
};

const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const WORKDAY = [
	{ startTime: '08:00', endTime: '12:00' },
	{ startTime: '13:00', endTime: '18:00' },
];

/** Weekdays 08:00–12:00 and 13:00–18:00, Saturday morning, closed on Sunday; São Paulo time (UTC−3). */
const OFFICE_HOURS = {
	limitHours: true,
	offlineResponse: 'Olá! Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, e sábado até o meio-dia.',
	timezoneDiff: -3,
	days: WEEK.map((dayWeek) => ({
		id: stableId('office-hours', dayWeek),
		dayWeek,
		active: dayWeek !== 'SUNDAY',
		periods: dayWeek === 'SUNDAY' ? [] : dayWeek === 'SATURDAY' ? [{ startTime: '08:00', endTime: '12:00' }] : WORKDAY,
	})),
};

module.exports = { SEED_DATE_OF_USERS, DEMO_USERS, OFFICE_HOURS };
