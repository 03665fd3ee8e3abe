import { runListSearch, runLoadOptions } from '../engine/runMethod';
import { demo } from '../sandbox';
import { allRequests, COMERCIAL, SUPORTE_CHANNEL, useChatSandbox } from './chatFixture';

describe('pickers of the Message and Conversation operations', () => {
	const helena = useChatSandbox();
	const ask = (name: string, options: { filter?: string; parameters?: Record<string, unknown> } = {}) =>
		runListSearch(name, { credentials: helena.credentials, ...options } as never);

	test('channels: name and number, searchable by name', async () => {
		const all = await ask('searchChannels');
		const found = await ask('searchChannels', { filter: 'suporte' });

		expect(all.results).toEqual([
			{ name: 'Instagram Loja (@loja.demo)', value: demo.channelId('Instagram Loja') },
			{ name: 'WhatsApp Comercial (+55 11 94000-0001)', value: COMERCIAL.id },
			{ name: 'WhatsApp Suporte (+55 11 94000-0002)', value: SUPORTE_CHANNEL.id },
		]);
		expect(found.results.map((result) => result.value)).toEqual([SUPORTE_CHANNEL.id]);
	});

	test("templates: only the chosen channel's approved ones, whether the channel was picked by ID or typed as a number", async () => {
		const picked = await ask('searchTemplates', { parameters: { channel: { __rl: true, mode: 'list', value: COMERCIAL.id } } });
		const typed = await ask('searchTemplates', { parameters: { channel: { __rl: true, mode: 'number', value: '+55 11 94000-0002' } } });

		expect(picked.results.map((result) => result.name)).toEqual(['boas_vindas', 'fatura', 'promocao']);
		expect(typed.results).toEqual([{ name: 'retorno_suporte', value: demo.templateId('retorno_suporte') }]);
		const templateQueries = allRequests(helena)
			.filter((request) => request.path === '/chat/v1/template')
			.map((request) => request.query);
		expect(templateQueries).toEqual([
			{ PageNumber: '1', PageSize: '100', ApprovedOnly: 'true', ChannelId: COMERCIAL.id },
			{ PageNumber: '1', PageSize: '100', ApprovedOnly: 'true', ChannelId: SUPORTE_CHANNEL.id },
		]);
	});

	test("template parameters: the chosen template's variable names", async () => {
		const options = await runLoadOptions('getTemplateParameters', {
			credentials: helena.credentials,
			parameters: {
				channel: { __rl: true, mode: 'list', value: COMERCIAL.id },
				template: { __rl: true, mode: 'list', value: demo.templateId('fatura') },
			},
		});

		expect(options).toEqual([
			{ name: 'nome', value: 'nome' },
			{ name: 'valor', value: 'valor' },
		]);
	});

	test('users carry the user ID sessions expect (not the agent record ID); chatbots carry their key; tags and departments by name', async () => {
		const users = await ask('searchUsers', { filter: 'carla' });
		const bots = await ask('searchChatbots', { filter: 'Triagem' });
		const tags = await ask('searchTags', { filter: 'vi' });
		const departments = await ask('searchDepartments', { filter: 'vend' });

		expect(users.results).toEqual([{ name: 'Carla Mendes (carla.mendes@empresa-demo.com.br)', value: demo.userId('Carla Mendes') }]);
		expect(bots.results).toEqual([{ name: 'Triagem', value: demo.chatbotKey('Triagem') }]);
		expect(tags.results).toEqual([{ name: 'VIP', value: demo.tagId('VIP') }]);
		expect(departments.results).toEqual([{ name: 'Vendas', value: demo.departmentId('Vendas') }]);
		expect(allRequests(helena).map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /core/v1/agent',
			'GET /chat/v1/chatbot',
			'GET /core/v1/tag',
			'GET /core/v2/department',
		]);
	});
});
