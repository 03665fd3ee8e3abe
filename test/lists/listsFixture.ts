import { demo } from '../sandbox';

export const VIP = demo.tagId('VIP');
export const LEAD = demo.tagId('Lead');
export const WELCOME = demo.sequenceId('Boas-vindas');
export const AFTER_SALE = demo.sequenceId('Pós-venda');
export const REACTIVATION = demo.sequenceId('Reativação');
export const SOUTH = demo.portfolioId('Carteira Sul');
export const NORTH = demo.portfolioId('Carteira Norte');
export const MARIA = demo.contactId(1);
export const JOAO = demo.contactId(2);
export const ANA = demo.contactId(3);

/** The list tests use the chat tests' demo sandbox (reset before each test) and request log. */
export { allRequests, byId, fromList, MISSING, useChatSandbox as useListsSandbox } from '../chat/chatFixture';
export { byPhone } from '../helpers/requests';

export function byName(value: string) {
	return { __rl: true, mode: 'name', value };
}
