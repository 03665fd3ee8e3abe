import { demo } from '../sandbox';

export const SALES = demo.panelId('Funil de Vendas');
export const SUPPORT = demo.panelId('Suporte Técnico');
export const step = (name: string) => demo.stepId('Funil de Vendas', name);
export const supportStep = (name: string) => demo.stepId('Suporte Técnico', name);
export const lostReason = (name: string) => demo.lostReasonId('Funil de Vendas', name);
export const MARIA_CARD = demo.cardId('Maria Silva - Plano Pro');

/** The CRM tests use the chat tests' demo sandbox (reset before each test) and request log. */
export { allRequests, byId, fromList, MISSING, useChatSandbox as useCrmSandbox } from '../chat/chatFixture';
