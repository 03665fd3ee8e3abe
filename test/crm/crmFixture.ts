import type { SandboxFixture } from '../engine/sandbox';
import { useSandbox } from '../engine/sandbox';
import { demo } from '../sandbox';

export const SALES = demo.panelId('Funil de Vendas');
export const SUPPORT = demo.panelId('Suporte Técnico');
export const step = (name: string) => demo.stepId('Funil de Vendas', name);
export const supportStep = (name: string) => demo.stepId('Suporte Técnico', name);
export const lostReason = (name: string) => demo.lostReasonId('Funil de Vendas', name);
export const MARIA_CARD = demo.cardId('Maria Silva - Plano Pro');
export const MISSING = '0b0b0b0b-0000-4000-8000-000000000000';

/** A demo sandbox, reset before each test, its request log cleared. */
export function useCrmSandbox(): SandboxFixture {
	const helena = useSandbox({ chatStepMs: 0 });
	beforeEach(() => {
		helena.sandbox.reset('demo');
		helena.sandbox.clearRequests();
	});
	return helena;
}

/** Every request the sandbox received: method, decoded path, query, body. */
export function allRequests(helena: SandboxFixture) {
	return helena.sandbox.requests.map(({ method, decodedPath, query, body }) => ({ method, path: decodedPath, query, body }));
}

export { byId, fromList } from '../helpers/requests';
