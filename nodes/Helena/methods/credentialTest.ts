// Test Connection, for both nodes (n8n finds it through the credential entry's `testedBy`).
export { testHelenaCredential } from '../transport';
