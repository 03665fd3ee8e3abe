// The shell commands `npm start` prints for trying the examples against the sandbox. Kept here, in one place,
// so that the end-to-end suite runs exactly the text users are told to run (test/e2e/suites/2-examples.mjs).

/** Fires a new conversation (SESSION_NEW) at the sandbox: "tag the contact of each new conversation" reacts to it. */
export function newConversationCommand(sandboxUrl) {
	return `curl -X POST ${sandboxUrl}/__sandbox/events -H 'content-type: application/json' -d '{"eventType":"SESSION_NEW"}'`;
}
